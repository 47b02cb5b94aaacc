import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withEnvFile } from './envFile';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-env-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('withEnvFile', () => {
  it('adds the file’s settings under the environment’s: a variable set in the environment wins', () => {
    const file = path.join(dir, '.env');
    fs.writeFileSync(file, '# a comment\nPORT=9000\nPRODUCT_NAME="Mon produit"\nMAIL_FROM=from-file@example.org\n');
    const env = withEnvFile({ PORT: '7000', HOST: '0.0.0.0' }, file);
    expect(env).toMatchObject({ PORT: '7000', HOST: '0.0.0.0', PRODUCT_NAME: 'Mon produit', MAIL_FROM: 'from-file@example.org' });
  });

  it('leaves the environment as it is without a file', () => {
    const env = { PORT: '7000' };
    expect(withEnvFile(env, path.join(dir, 'missing.env'))).toBe(env);
  });
});
