import fs from 'node:fs';
import path from 'node:path';

describe('apiEndpoints', () => {
  it("imports every feature's api module, so replays know every endpoint", () => {
    const featuresDir = path.join(__dirname, '../features');
    const withApi = fs
      .readdirSync(featuresDir)
      .filter((name) => fs.existsSync(path.join(featuresDir, name, 'api.ts')))
      .sort();
    const listed = [...fs.readFileSync(path.join(__dirname, 'apiEndpoints.ts'), 'utf8').matchAll(/'\.\.\/features\/([^/]+)\/api'/g)]
      .map((m) => m[1])
      .sort();
    expect(withApi.length).toBeGreaterThan(0);
    expect(listed).toEqual(withApi);
  });
});
