import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createTestApp, type TestApp } from './testing/testApp';

const BUNDLE = `console.log(${JSON.stringify('x'.repeat(4000))});`;

describe('the app shell', () => {
  let t: TestApp;
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-web-'));
  beforeAll(async () => {
    fs.writeFileSync(path.join(webDir, 'index.html'), '<html><head><!--app-config--></head><body>app</body></html>');
    fs.writeFileSync(path.join(webDir, 'main.0123456789ab.js'), 'console.log(1)');
    // As the build writes them (scripts/precompressPlugin.ts).
    fs.writeFileSync(path.join(webDir, 'vendor.0123456789ab.js'), BUNDLE);
    fs.writeFileSync(path.join(webDir, 'vendor.0123456789ab.js.br'), zlib.brotliCompressSync(BUNDLE));
    fs.writeFileSync(path.join(webDir, 'vendor.0123456789ab.js.gz'), zlib.gzipSync(BUNDLE));
    // The build's own: its source maps and build-info.json (webpack.config.ts).
    fs.writeFileSync(path.join(webDir, 'main.0123456789ab.js.map'), '{"version":3,"sources":["webpack://tgm-news/./src/secret.ts"],"sourcesContent":["secret source"],"mappings":""}');
    fs.writeFileSync(path.join(webDir, 'build-info.json'), '{"version":"1.0.0","commit":"abc1234"}');
    t = await createTestApp({ WEB_DIR: webDir, PRODUCT_NAME: 'Acme' });
  });
  afterAll(() => t.close());

  it('reports health with the database reachable', async () => {
    const response = await t.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: t.db.kind, disk: 'ok' });
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

  it('sends a built asset only the headers that act on a subresource, and a missing one is a 404, not the page', async () => {
    const asset = await t.app.inject('/main.0123456789ab.js');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const documentOnly of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'referrer-policy', 'etag', 'last-modified']) {
      expect(asset.headers[documentOnly]).toBeUndefined();
    }
    // The page itself keeps them all.
    expect((await t.app.inject('/influenceur')).headers['x-frame-options']).toBe('SAMEORIGIN');
    const gone = await t.app.inject('/main.fedcba987654.js');
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).not.toContain('text/html');
  });

  it('serves the build\'s brotli or gzip copy of an asset as the browser accepts, and the plain one otherwise', async () => {
    const get = (encoding?: string) =>
      t.app.inject({ url: '/vendor.0123456789ab.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const brotli = await get('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(BUNDLE);
    // The build's file as it is, not compressed again at each request.
    expect(Number(brotli.headers['content-length'])).toBe(fs.statSync(path.join(webDir, 'vendor.0123456789ab.js.br')).size);
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(BUNDLE);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUNDLE);
  });

  it('serves neither the source maps nor build-info.json (the server maps reports itself)', async () => {
    for (const url of ['/main.0123456789ab.js.map', '/main.0123456789ab.js%2Emap', '/main.0123456789ab.js.map?x=1', '/build-info.json', '/BUILD-INFO.JSON']) {
      const answer = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain('secret source');
      expect(answer.body).not.toContain('abc1234');
    }
  });

  it('asks browsers to check the page again at each visit', async () => {
    const page = await t.app.inject('/');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('compresses JSON answers above 1 KB only', async () => {
    const big = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString()).openapi).toMatch(/^3\./);
    const small = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });
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
