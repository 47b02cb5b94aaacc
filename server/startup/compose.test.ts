import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { loadConfig } from '../config';

/**
 * compose.yaml, read as Compose reads it (no container engine runs here): the servers behind
 * Caddy trust it for the client's address, and receive every setting of `.env`.
 */
const ROOT = path.resolve(__dirname, '../..');
const compose = parse(fs.readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8')) as {
  services: Record<string, { env_file?: unknown; environment?: Record<string, string>; ports?: string[]; volumes?: string[] }>;
};
const app = compose.services.app;

describe('compose.yaml', () => {
  it('sets TRUST_PROXY to the one proxy in front of the servers (Caddy), overridable from .env', () => {
    expect(app.environment?.TRUST_PROXY).toBe('${TRUST_PROXY:-1}');
    // Caddy is that one proxy: it alone publishes a port, and it forwards to the app service.
    expect(compose.services.balancer.ports).toEqual(['8080:8080']);
    expect(app.ports).toBeUndefined();
    expect(fs.readFileSync(path.join(ROOT, 'deploy/Caddyfile'), 'utf8')).toMatch(/reverse_proxy[\s\S]*name app/);
  });

  it("passes .env's settings to the servers, and fixes those the deployment needs", () => {
    expect(app.env_file).toEqual([{ path: '.env', required: false }]);
    expect(app.environment).toMatchObject({ HOST: '0.0.0.0', PORT: '8080', DATA_DIR: '/data' });
    expect(app.environment?.DATABASE_URL).toMatch(/^postgres:\/\/tgm:.*@postgres:5432\/tgm$/);
    expect(app.environment?.JWT_SECRET).toMatch(/JWT_SECRET/);
  });

  it('is a number TRUST_PROXY accepts, and the README says how to set it behind other proxies', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('### Behind a proxy (`TRUST_PROXY`)');
    expect(readme).toMatch(/TRUST_PROXY=2/);
  });
});
