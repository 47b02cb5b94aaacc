import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from './testing/testApp';

describe('the app shell', () => {
  let t: TestApp;
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-web-'));
  beforeAll(async () => {
    fs.writeFileSync(path.join(webDir, 'index.html'), '<html><head><!--app-config--></head><body>app</body></html>');
    fs.writeFileSync(path.join(webDir, 'main.0123456789ab.js'), 'console.log(1)');
    t = await createTestApp({ WEB_DIR: webDir, PRODUCT_NAME: 'Acme' });
  });
  afterAll(() => t.close());

  it('reports health with the database reachable', async () => {
    const response = await t.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it('serves the SPA for every page path, with the run-time settings in it', async () => {
    for (const url of ['/', '/influenceur', '/liste/someone', '/no/such/page']) {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<script id="app-config" type="application/json">{"productName":"Acme"');
    }
  });

  it('serves built assets with a long cache and answers unknown API routes with JSON 404', async () => {
    const asset = await t.app.inject('/main.0123456789ab.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject('/api/nothing-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('sends security headers with a CSP fit for the SPA', async () => {
    const response = await t.app.inject('/');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
    // YouTube's IFrame API: its script and the widget script it loads, and the embed frame.
    expect(directives['script-src']).toEqual(expect.arrayContaining(["'self'", 'https://www.youtube.com']));
    expect(directives['frame-src']).toEqual(expect.arrayContaining(['https://www.youtube.com', 'https://www.youtube-nocookie.com']));
    expect(directives['img-src']).toContain('https:');
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('describes the API in OpenAPI at /api/docs', async () => {
    const spec = (await t.app.inject('/api/docs/json')).json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/login_check', '/api/users', '/api/users/{id}']));
    expect(spec.paths['/api/login_check'].post.requestBody.content['application/json'].schema.required).toEqual([
      'email',
      'password',
    ]);
    expect((await t.app.inject('/api/docs')).statusCode).toBeLessThan(400);
  });

  it('answers 503 when the database is gone', async () => {
    const other = await createTestApp();
    await other.db.close();
    const response = await other.app.inject('/api/health');
    expect(response.statusCode).toBe(503);
    await other.app.close();
  });
});
