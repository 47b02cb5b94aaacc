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
    ['TELEGRAM_BOT_TOKEN', 'not-a-token'],
    ['TELEGRAM_CHAT_ID', 'my chat'],
    ['TELEGRAM_API_URL', 'ftp://telegram'],
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
});
