import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: null,
      jwtSecret: null,
      jwtTtlSeconds: 3600,
      smtpUrl: null,
      logLevel: 'info',
      productName: 'TGM',
      societe: 'tgm-societe',
      importMaxBytes: 64 * 1024 * 1024,
      diskReserveBytes: 64 * 1024 * 1024,
    });
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h:5432/db',
      JWT_SECRET: 's'.repeat(32),
      JWT_TTL: '600',
      ADMIN_EMAIL: 'Boss@Example.org',
      ADMIN_PASSWORD: 'boss-password',
      SMTP_URL: 'smtp://user:pass@mail.example.org:587',
      LOG_LEVEL: 'warn',
      IMPORT_MAX_BYTES: '1048576',
      DISK_RESERVE_MB: '0',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@h:5432/db',
      jwtTtlSeconds: 600,
      adminEmail: 'boss@example.org',
      smtpUrl: 'smtp://user:pass@mail.example.org:587',
      logLevel: 'warn',
      importMaxBytes: 1048576,
      diskReserveBytes: 0,
    });
  });

  it('has the public side\'s defaults, and reads its settings', () => {
    expect(loadConfig({})).toMatchObject({
      youtubeFeedUrl: 'https://www.youtube.com',
      feedRefreshMinutes: 30,
      deliverySiteUrl: null,
      contactEmail: 'contact@tgm.local',
      legalMentions: null,
      privacyPolicy: null,
      publicWriteRateLimit: 20,
      publicReadRateLimit: 600,
      xApiBearerToken: null,
      xApiBaseUrl: 'https://api.x.com',
      shareLinks: 'product',
    });
    expect(loadConfig({ SHARE_LINKS: 'youtube' }).shareLinks).toBe('youtube');
    expect(loadConfig({ X_API_BEARER_TOKEN: 'AAAA%2Ftoken', X_API_BASE_URL: 'http://127.0.0.1:9998/' })).toMatchObject({
      xApiBearerToken: 'AAAA%2Ftoken',
      xApiBaseUrl: 'http://127.0.0.1:9998',
    });
    expect(
      loadConfig({
        YOUTUBE_FEED_URL: 'http://127.0.0.1:9999/',
        FEED_REFRESH_MINUTES: '0',
        DELIVERY_SITE_URL: 'https://envoi.example.org',
        CONTACT_EMAIL: 'Bonjour@Example.org',
        LEGAL_MENTIONS: 'Éditeur : Exemple SAS.',
      }),
    ).toMatchObject({
      youtubeFeedUrl: 'http://127.0.0.1:9999',
      feedRefreshMinutes: 0,
      deliverySiteUrl: 'https://envoi.example.org',
      contactEmail: 'bonjour@example.org',
      legalMentions: 'Éditeur : Exemple SAS.',
    });
  });

  it('has mail defaults and reads the mail settings', () => {
    expect(loadConfig({}).mail).toEqual({
      from: 'TGM <no-reply@localhost>',
      worker: true,
      poolSize: 5,
      rateLimit: 0,
      batchSize: 100,
      maxAttempts: 5,
      retryBaseMs: 2000,
      retryMaxMs: 300_000,
      pollMs: 1000,
      timeoutMs: 30_000,
    });
    const config = loadConfig({
      PRODUCT_NAME: 'Acme',
      MAIL_WORKER: '0',
      SMTP_RATE_LIMIT: '20',
      MAIL_RETRY_BASE_MS: '500',
      MAIL_RETRY_MAX_MS: '1000',
      PUBLIC_URL: 'https://news.example.org/',
    });
    expect(config.mail).toMatchObject({ from: 'Acme <no-reply@localhost>', worker: false, rateLimit: 20, retryMaxMs: 1000 });
    expect(config.publicUrl).toBe('https://news.example.org');
    expect(loadConfig({ MAIL_FROM: 'news@example.org' }).mail.from).toBe('news@example.org');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'not a url'],
    ['JWT_SECRET', 'short'],
    ['JWT_TTL', '-5'],
    ['ADMIN_EMAIL', 'nobody'],
    ['OPERATOR_PASSWORD', '123'],
    ['SMTP_URL', 'http://mail'],
    ['LOG_LEVEL', 'loud'],
    ['YOUTUBE_FEED_URL', 'ftp://feeds'],
    ['FEED_REFRESH_MINUTES', '-1'],
    ['FEED_REFRESH_MINUTES', '5000'],
    ['DELIVERY_SITE_URL', 'javascript:alert(1)'],
    ['CONTACT_EMAIL', 'personne'],
    ['LEGAL_MENTIONS', 'x'.repeat(20_001)],
    ['PUBLIC_WRITE_RATE_LIMIT', '0'],
    ['PUBLIC_READ_RATE_LIMIT', 'many'],
    ['IMPORT_MAX_BYTES', '10'],
    ['X_API_BEARER_TOKEN', 'Bearer AAAA'],
    ['X_API_BASE_URL', 'api.x.com'],
    ['MAIL_FROM', 'no address'],
    ['MAIL_FROM', 'Name <not-an-address>'],
    ['MAIL_WORKER', 'yes'],
    ['SMTP_POOL_SIZE', '0'],
    ['SMTP_RATE_LIMIT', '-1'],
    ['MAIL_BATCH_SIZE', '5000'],
    ['MAIL_MAX_ATTEMPTS', '0'],
    ['MAIL_RETRY_BASE_MS', '5'],
    ['MAIL_RETRY_MAX_MS', '100'],
    ['MAIL_POLL_MS', 'often'],
    ['PUBLIC_URL', 'ftp://example.org'],
    ['TELEGRAM_BOT_TOKEN', 'not-a-token'],
    ['TELEGRAM_CHAT_ID', 'my chat'],
    ['TELEGRAM_API_URL', 'ftp://telegram'],
    ['LOG_FORMAT', 'xml'],
    ['SHARE_LINKS', 'x.com'],
  ])('stops on %s=%s with a message naming the variable', (name, value) => {
    let thrown: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as ConfigError).variable).toBe(name);
    expect((thrown as Error).message).toMatch(new RegExp(`^${name}: `));
  });

  it('reads the Telegram bot, only when both its token and chat are set', () => {
    const token = '123456789:AAbbCCddEEffGGhhIIjjKKllMMnnOOppQQ';
    expect(loadConfig({}).telegram).toBeNull();
    expect(loadConfig({ TELEGRAM_BOT_TOKEN: token, TELEGRAM_CHAT_ID: '-1001234567890' }).telegram).toEqual({
      apiUrl: 'https://api.telegram.org',
      botToken: token,
      chatId: '-1001234567890',
    });
    expect(
      loadConfig({ TELEGRAM_BOT_TOKEN: token, TELEGRAM_CHAT_ID: '@tgm_news', TELEGRAM_API_URL: 'http://127.0.0.1:9/' }).telegram,
    ).toMatchObject({ apiUrl: 'http://127.0.0.1:9', chatId: '@tgm_news' });
    expect(() => loadConfig({ TELEGRAM_BOT_TOKEN: token })).toThrow(/^TELEGRAM_CHAT_ID: must be set with TELEGRAM_BOT_TOKEN/);
    expect(() => loadConfig({ TELEGRAM_CHAT_ID: '42' })).toThrow(/^TELEGRAM_BOT_TOKEN: must be set with TELEGRAM_CHAT_ID/);
  });

  it('logs JSON lines in production and readable lines elsewhere, unless LOG_FORMAT says', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).logFormat).toBe('json');
    expect(loadConfig({}).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
  });

  it('reads TRUST_PROXY, BAT_RATE_LIMIT and SMTP_TIMEOUT_MS', () => {
    const defaults = loadConfig({});
    expect([defaults.trustProxy, defaults.batRateLimit, defaults.mail.timeoutMs]).toEqual([false, 30, 30_000]);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1, loopback' }).trustProxy).toEqual(['10.0.0.0/8', '::1', 'loopback']);
    for (const bad of ['true', '10.0.0.0/33', 'proxy.local', '1.2.3.4/8/1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/^TRUST_PROXY: /);
    }
    expect(loadConfig({ BAT_RATE_LIMIT: '5', SMTP_TIMEOUT_MS: '1500' })).toMatchObject({ batRateLimit: 5, mail: { timeoutMs: 1500 } });
    expect(() => loadConfig({ BAT_RATE_LIMIT: '0' })).toThrow(/^BAT_RATE_LIMIT: /);
  });

  it('reads DKIM, DKIM_SELECTOR, DKIM_PRIVATE_KEY, DNS_SERVERS and SMTP_NAME', () => {
    const defaults = loadConfig({});
    expect(defaults.dkim).toEqual({ enabled: true, selector: 'tgm', privateKey: null });
    expect(defaults.dnsServers).toBeNull();
    expect(defaults.smtpName).toBe(os.hostname());
    expect(loadConfig({ PUBLIC_URL: 'https://news.example:8443/app' }).smtpName).toBe('news.example');
    expect(loadConfig({ PUBLIC_URL: 'https://news.example', SMTP_NAME: 'mx1.news.example' }).smtpName).toBe('mx1.news.example');
    expect(loadConfig({ DKIM: 'off', DKIM_SELECTOR: 'Mai2026' }).dkim).toEqual({ enabled: false, selector: 'mai2026', privateKey: null });
    expect(loadConfig({ DNS_SERVERS: '127.0.0.1:5353, [::1]:53,9.9.9.9' }).dnsServers).toEqual(['127.0.0.1:5353', '[::1]:53', '9.9.9.9']);

    const pem = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(loadConfig({ DKIM_PRIVATE_KEY: pem.replace(/\n/g, '\\n') }).dkim.privateKey).toBe(pem);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-config-')), 'dkim.pem');
    fs.writeFileSync(file, pem, { mode: 0o600 });
    expect(loadConfig({ DKIM_PRIVATE_KEY: file }).dkim.privateKey).toBe(pem);

    expect(() => loadConfig({ DKIM: 'yes' })).toThrow(/^DKIM: /);
    expect(() => loadConfig({ DKIM_SELECTOR: 'a b' })).toThrow(/^DKIM_SELECTOR: /);
    expect(() => loadConfig({ DKIM_PRIVATE_KEY: '/no/such/file.pem' })).toThrow(/^DKIM_PRIVATE_KEY: /);
    expect(() => loadConfig({ DKIM_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nAAAA\\n-----END PRIVATE KEY-----' })).toThrow(/^DKIM_PRIVATE_KEY: /);
    for (const bad of ['dns.example:53', '127.0.0.1:99999', '::1']) {
      expect(() => loadConfig({ DNS_SERVERS: bad })).toThrow(/^DNS_SERVERS: /);
    }
    expect(() => loadConfig({ SMTP_NAME: 'not a host' })).toThrow(/^SMTP_NAME: /);
  });

  it('reads SPF_INCLUDE (domains) and SPF_IP (addresses and networks), and refuses what SPF cannot name', () => {
    expect(loadConfig({}).spf).toEqual({ include: [], ip: [] });
    expect(loadConfig({ SPF_INCLUDE: '_spf.relay.fr, spf.other.fr', SPF_IP: '203.0.113.7,198.51.100.0/24, 2001:db8::/32' }).spf).toEqual({
      include: ['_spf.relay.fr', 'spf.other.fr'],
      ip: ['203.0.113.7', '198.51.100.0/24', '2001:db8::/32'],
    });
    for (const bad of ['vm', 'not a domain', 'relay.fr/24']) expect(() => loadConfig({ SPF_INCLUDE: bad })).toThrow(/^SPF_INCLUDE: /);
    for (const bad of ['vm', '203.0.113.7/33', '2001:db8::/129', '1.2.3.4/8/8']) expect(() => loadConfig({ SPF_IP: bad })).toThrow(/^SPF_IP: /);
  });
});
