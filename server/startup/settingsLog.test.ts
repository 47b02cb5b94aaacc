import { loadConfig } from '../config';
import { effectiveSettings } from './settingsLog';

describe('effectiveSettings', () => {
  it('masks every secret, including passwords inside URLs, and keeps the rest', () => {
    const secrets = ['s'.repeat(40), 'admin-password-9', 'operator-password-9', 'db-pass', 'smtp-pass', '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'x-token-1', 'bounce-webhook-secret-42'];
    const config = loadConfig({
      JWT_SECRET: secrets[0],
      ADMIN_PASSWORD: secrets[1],
      OPERATOR_PASSWORD: secrets[2],
      DATABASE_URL: `postgres://tgm:${secrets[3]}@db:5432/tgm`,
      SMTP_URL: `smtp://mailer:${secrets[4]}@smtp.example.org:587`,
      TELEGRAM_BOT_TOKEN: secrets[5],
      TELEGRAM_CHAT_ID: '@canal_tgm',
      X_API_BEARER_TOKEN: secrets[6],
      BOUNCE_WEBHOOK_SECRET: secrets[7],
      PORT: '9000',
    });
    const settings = effectiveSettings(config);
    const text = JSON.stringify(settings);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(settings).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://tgm:********@db:5432/tgm',
      smtpUrl: 'smtp://mailer:********@smtp.example.org:587',
      jwtSecret: '********',
      telegram: { chatId: '@canal_tgm', botToken: '********' },
    });
  });

  it('says the JWT secret is generated when none is set', () => {
    expect(effectiveSettings(loadConfig({})).jwtSecret).toBe('generated (DATA_DIR/jwt-secret)');
  });
});
