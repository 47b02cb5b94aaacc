import path from 'node:path';

/** Every setting of the server, read once from the environment. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  jwtSecret: string | null;
  jwtTtlSeconds: number;
  adminEmail: string;
  adminPassword: string;
  operatorEmail: string;
  operatorPassword: string;
  smtpUrl: string | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  productName: string;
  societe: string;
  /** Where the built SPA lives; the server serves it when present. */
  webDir: string;
  loginRateLimit: number;
  /** Base of YouTube's channel feeds (`<base>/feeds/videos.xml?channel_id=`) and handle pages. */
  youtubeFeedUrl: string;
  /** Minutes between two feed refreshes; 0 turns the refresh off (it then runs only by hand). */
  feedRefreshMinutes: number;
  /** Where the public header's logo leads; null leads to the home page. */
  deliverySiteUrl: string | null;
  /** The address of the public footer's contact line. */
  contactEmail: string;
  /** Texts of the legal pages; null shows the SPA's default text. */
  legalMentions: string | null;
  privacyPolicy: string | null;
  /** Requests a minute per address on the public (visitor) routes. */
  publicWriteRateLimit: number;
  publicReadRateLimit: number;
  /** The Telegram bot that `POST /api/telegram/bot` sends through; null when unset (503). */
  telegram: TelegramConfig | null;
}

export interface TelegramConfig {
  /** Base of the Bot API (`<base>/bot<token>/sendMessage`): Telegram's, or a stand-in's. */
  apiUrl: string;
  botToken: string;
  /** A chat's numeric id, or a public channel's @username. */
  chatId: string;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const DEFAULT_ADMIN = { email: 'admin@tgm.local', password: 'admin-tgm-2026' };
export const DEFAULT_OPERATOR = { email: 'operateur@tgm.local', password: 'operateur-tgm-2026' };

function text(env: Env, name: string, fallback: string): string {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (value.trim() !== value) throw new ConfigError(name, 'must not start or end with spaces');
  return value;
}

function optional(env: Env, name: string): string | null {
  const value = env[name];
  return value === undefined || value === '' ? null : value;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function url(env: Env, name: string, protocols: string[]): string | null {
  const raw = optional(env, name);
  if (raw === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, 'is not a valid URL');
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must use one of ${protocols.join(', ')}`);
  }
  return raw;
}

function longText(env: Env, name: string, maxLength: number): string | null {
  const value = optional(env, name);
  if (value !== null && value.length > maxLength) throw new ConfigError(name, `must hold at most ${maxLength} characters`);
  return value === null ? null : value.trim();
}

function email(env: Env, name: string, fallback: string): string {
  const value = text(env, name, fallback);
  if (!/^[^\s@]+@[^\s@]+$/.test(value)) throw new ConfigError(name, `is not an e-mail address: "${value}"`);
  return value.toLowerCase();
}

function password(env: Env, name: string, fallback: string): string {
  const value = text(env, name, fallback);
  if (value.length < 8) throw new ConfigError(name, 'must hold at least 8 characters');
  return value;
}

function telegram(env: Env): TelegramConfig | null {
  const botToken = optional(env, 'TELEGRAM_BOT_TOKEN');
  const chatId = optional(env, 'TELEGRAM_CHAT_ID');
  const apiUrl = (url(env, 'TELEGRAM_API_URL', ['http:', 'https:']) ?? 'https://api.telegram.org').replace(/\/+$/, '');
  if (botToken !== null && !/^\d+:[\w-]{20,}$/.test(botToken)) {
    throw new ConfigError('TELEGRAM_BOT_TOKEN', 'is not a bot token (digits, a colon, then the secret BotFather gave)');
  }
  if (chatId !== null && !/^(-?\d+|@[A-Za-z]\w{3,})$/.test(chatId)) {
    throw new ConfigError('TELEGRAM_CHAT_ID', `must be a chat's numeric id or a channel's @username, got "${chatId}"`);
  }
  if (botToken === null && chatId !== null) throw new ConfigError('TELEGRAM_BOT_TOKEN', 'must be set with TELEGRAM_CHAT_ID');
  if (botToken !== null && chatId === null) throw new ConfigError('TELEGRAM_CHAT_ID', 'must be set with TELEGRAM_BOT_TOKEN');
  return botToken !== null && chatId !== null ? { apiUrl, botToken, chatId } : null;
}

/** Reads and validates the settings; throws a ConfigError naming the first bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const level = text(env, 'LOG_LEVEL', 'info');
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  }
  const jwtSecret = optional(env, 'JWT_SECRET');
  if (jwtSecret !== null && jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET', 'must hold at least 32 characters');
  }
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: text(env, 'HOST', '127.0.0.1'),
    dataDir: path.resolve(text(env, 'DATA_DIR', './data')),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    jwtSecret,
    jwtTtlSeconds: integer(env, 'JWT_TTL', 3600, 60, 30 * 24 * 3600),
    adminEmail: email(env, 'ADMIN_EMAIL', DEFAULT_ADMIN.email),
    adminPassword: password(env, 'ADMIN_PASSWORD', DEFAULT_ADMIN.password),
    operatorEmail: email(env, 'OPERATOR_EMAIL', DEFAULT_OPERATOR.email),
    operatorPassword: password(env, 'OPERATOR_PASSWORD', DEFAULT_OPERATOR.password),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    logLevel: level as Config['logLevel'],
    productName: text(env, 'PRODUCT_NAME', 'TGM'),
    societe: text(env, 'SOCIETE', 'tgm-societe'),
    webDir: path.resolve(text(env, 'WEB_DIR', './dist')),
    loginRateLimit: integer(env, 'LOGIN_RATE_LIMIT', 10, 1, 10000),
    youtubeFeedUrl: (url(env, 'YOUTUBE_FEED_URL', ['http:', 'https:']) ?? 'https://www.youtube.com').replace(/\/+$/, ''),
    feedRefreshMinutes: integer(env, 'FEED_REFRESH_MINUTES', 30, 0, 24 * 60),
    deliverySiteUrl: url(env, 'DELIVERY_SITE_URL', ['http:', 'https:']),
    contactEmail: email(env, 'CONTACT_EMAIL', 'contact@tgm.local'),
    legalMentions: longText(env, 'LEGAL_MENTIONS', 20_000),
    privacyPolicy: longText(env, 'PRIVACY_POLICY', 20_000),
    publicWriteRateLimit: integer(env, 'PUBLIC_WRITE_RATE_LIMIT', 20, 1, 100_000),
    publicReadRateLimit: integer(env, 'PUBLIC_READ_RATE_LIMIT', 600, 1, 100_000),
    telegram: telegram(env),
  };
}
