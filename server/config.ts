import { createPrivateKey } from 'node:crypto';
import fs from 'node:fs';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Every setting of the server, read once from the environment. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Embedded engine: a write is forced to disk before it is answered (EMBEDDED_DB_FSYNC). */
  embeddedDbFsync: boolean;
  jwtSecret: string | null;
  jwtTtlSeconds: number;
  adminEmail: string;
  adminPassword: string;
  operatorEmail: string;
  operatorPassword: string;
  smtpUrl: string | null;
  mail: MailConfig;
  /** Base URL of the server as recipients reach it (unsubscribe links); null: the listening address. */
  publicUrl: string | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** `json`: one JSON object a line (production, log collectors); `pretty`: readable lines (development). */
  logFormat: 'json' | 'pretty';
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
  /** Bug reports taken an hour from one address (refused ones do not count). */
  bugReportRateLimit: number;
  /** Days a bug report is kept; a daily task removes older ones. */
  bugReportRetentionDays: number;
  /** Key of erased addresses' hashes (ERASURE_SECRET); null: one kept in DATA_DIR/erasure-secret. */
  erasureSecret: string | null;
  /** Days opens and clicks keep their link to the contact (TRACKING_RETENTION_DAYS). */
  trackingRetentionDays: number;
  /** Days the outbox keeps a `.eml` file (OUTBOX_RETENTION_DAYS). */
  outboxRetentionDays: number;
  /** How long a password reset link stays usable (PASSWORD_RESET_TTL_MINUTES). */
  passwordResetTtlMinutes: number;
  /** How long an invitation's link stays usable (INVITATION_TTL_HOURS). */
  invitationTtlHours: number;
  publicReadRateLimit: number;
  /** Largest CSV of contacts one import reads, in bytes. */
  importMaxBytes: number;
  /** Free room on DATA_DIR's disk below which writes are refused (507), in bytes. */
  diskReserveBytes: number;
  /** The Telegram bot that `POST /api/telegram/bot` sends through; null when unset (503). */
  telegram: TelegramConfig | null;
  /** X API v2 token (a user-context OAuth 2.0 token lets the server post); null: X calls answer 503. */
  xApiBearerToken: string | null;
  /** Origin of X's API, or a stand-in's. */
  xApiBaseUrl: string;
  /** Where shared notes link: the product's page of the video at that moment, or YouTube's. */
  shareLinks: 'product' | 'youtube';
  /**
   * Which proxies may set X-Forwarded-For: false (none, the socket's address counts), a hop
   * count, or proxy addresses and CIDRs.
   */
  trustProxy: false | number | string[];
  /** Test sends (BAT) one user may make an hour. */
  batRateLimit: number;
  bounce: BounceConfig;
  dkim: DkimConfig;
  /** DNS servers (`ip` or `ip:port`) the sending domain's records are read from; null: the system resolver. */
  dnsServers: string[] | null;
  /** The name the SMTP client gives in EHLO: SMTP_NAME, else PUBLIC_URL's host name, else the machine's. */
  smtpName: string;
  /** What the proposed SPF record lets send: SPF_INCLUDE's domains (a relay's SPF) and SPF_IP's addresses or networks. */
  spf: { include: string[]; ip: string[] };
  /** IANA time zone scheduled sends are entered and shown in (docs/architecture.md, «Settings»). */
  timezone: string;
  /** Days a contact `en attente` has to confirm before it is removed (double opt-in). */
  optinExpiryDays: number;
  /** Seconds between two runs of the automations in a sending process; 0: never by itself. */
  automationsTickSeconds: number;
  /** Outgoing webhooks may reach private, loopback and link-local addresses (WEBHOOKS_ALLOW_PRIVATE; tests, never production). */
  webhooksAllowPrivate: boolean;
  /** An admin without two-factor sign-in must set it up at the next sign-in (TOTP_REQUIRED_FOR_ADMINS). */
  totpRequiredForAdmins: boolean;
}

/** How messages are signed (docs/architecture.md, «Signing and the sending domain»). */
export interface DkimConfig {
  /** false with DKIM=off: the relay signs. */
  enabled: boolean;
  /** DKIM_SELECTOR: the key's DNS name is `{selector}._domainkey.{domain}`. */
  selector: string;
  /** The PEM of DKIM_PRIVATE_KEY (read from the file it names); null: a key per From domain, kept in the database. */
  privateKey: string | null;
}

/** How bounces come back (docs/architecture.md, «Tracking and bounces»): VERP to the built-in receiver, or e-mail services' webhooks. */
export interface BounceConfig {
  /** The domain of VERP envelope senders, whose MX is the receiver; null keeps MAIL_FROM's address as envelope sender and runs no receiver. */
  domain: string | null;
  smtpPort: number;
  smtpHost: string;
  /** Temporary failures in a row (one per send) after which an address is rejected. */
  softLimit: number;
  /** The secret webhooks under /api/bounces/{service} must present; null: webhooks answer 503. */
  webhookSecret: string | null;
}

export interface TelegramConfig {
  /** Base of the Bot API (`<base>/bot<token>/sendMessage`): Telegram's, or a stand-in's. */
  apiUrl: string;
  botToken: string;
  /** A chat's numeric id, or a public channel's @username. */
  chatId: string;
}

/** How the send queue worker delivers mail (docs/architecture.md, «Sending mail»). */
export interface MailConfig {
  /** The From of every message, `Name <address>` or an address. */
  from: string;
  /** Whether this process runs a send worker (API-only processes may not). */
  worker: boolean;
  /** Pooled SMTP connections. */
  poolSize: number;
  /** Messages a second through SMTP; 0 means no limit. */
  rateLimit: number;
  /** Recipients one worker holds at once (claimed, in flight or awaiting their record). */
  batchSize: number;
  /** Tries of a recipient the server refuses for a while (4xx) before it is marked failed. */
  maxAttempts: number;
  /** First retry delay; it doubles on each failure up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How often an idle worker looks for work queued by other processes. */
  pollMs: number;
  /** How long SMTP may take to connect, greet, or answer on an open socket before it is dropped. */
  timeoutMs: number;
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
const LOG_FORMATS = ['json', 'pretty'] as const;

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

function oneOf<T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T {
  const value = text(env, name, fallback);
  if (!(values as readonly string[]).includes(value)) throw new ConfigError(name, `must be one of ${values.join(', ')}`);
  return value as T;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = optional(env, name);
  if (raw === null) return fallback;
  if (!['0', '1', 'true', 'false'].includes(raw)) throw new ConfigError(name, `must be 1, 0, true or false, got "${raw}"`);
  return raw === '1' || raw === 'true';
}

/** `address` or `Display Name <address>`. */
function mailbox(env: Env, name: string, fallback: string): string {
  const value = text(env, name, fallback);
  const match = /^(?:[^<>\r\n]*<([^<>\s]+)>|([^<>\s]+))$/.exec(value);
  const address = match?.[1] ?? match?.[2];
  if (!address || !/^[^\s@]+@[^\s@]+$/.test(address)) {
    throw new ConfigError(name, `must be an address or "Name <address>", got "${value}"`);
  }
  return value;
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

// proxy-addr's names for address ranges, accepted beside addresses and CIDRs.
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function trustProxy(env: Env): false | number | string[] {
  const raw = optional(env, 'TRUST_PROXY');
  if (raw === null) return false;
  if (/^\d+$/.test(raw)) return integer(env, 'TRUST_PROXY', 0, 0, 10) || false;
  const entries = raw.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const version = isIP(address);
    const maxBits = version === 6 ? 128 : 32;
    const validBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (!PROXY_RANGES.includes(entry) && (version === 0 || !validBits || extra !== undefined)) {
      throw new ConfigError('TRUST_PROXY', `must be a hop count or proxy addresses/CIDRs separated by commas, got "${entry}"`);
    }
  }
  return entries;
}

function timezone(env: Env): string {
  const value = text(env, 'TIMEZONE', 'Europe/Paris');
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
  } catch {
    throw new ConfigError('TIMEZONE', `is not an IANA time zone (e.g. Europe/Paris), got "${value}"`);
  }
  return value;
}

const DOMAIN_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;

function dkim(env: Env): DkimConfig {
  const enabled = oneOf(env, 'DKIM', ['on', 'off'] as const, 'on') === 'on';
  const selector = text(env, 'DKIM_SELECTOR', 'tgm');
  if (!/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i.test(selector)) {
    throw new ConfigError('DKIM_SELECTOR', `must be a DNS label (letters, digits, hyphens), got "${selector}"`);
  }
  const raw = optional(env, 'DKIM_PRIVATE_KEY');
  let privateKey: string | null = null;
  if (raw !== null) {
    let pem = raw.replace(/\\n/g, '\n');
    if (!pem.includes('-----BEGIN')) {
      try {
        pem = fs.readFileSync(path.resolve(raw), 'utf8');
      } catch {
        throw new ConfigError('DKIM_PRIVATE_KEY', 'must be a PEM private key or the path of a file holding one (the file cannot be read)');
      }
    }
    try {
      const key = createPrivateKey(pem);
      if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA');
    } catch {
      throw new ConfigError('DKIM_PRIVATE_KEY', 'is not an RSA private key in PEM');
    }
    privateKey = pem;
  }
  return { enabled, selector: selector.toLowerCase(), privateKey };
}

function dnsServers(env: Env): string[] | null {
  const raw = optional(env, 'DNS_SERVERS');
  if (raw === null) return null;
  const servers = raw.split(',').map((entry) => entry.trim());
  for (const server of servers) {
    const match = /^(?:\[([^\]]+)\]|([^:]+))(?::(\d{1,5}))?$/.exec(server);
    const address = match?.[1] ?? match?.[2] ?? '';
    const port = match?.[3] === undefined ? 53 : Number(match[3]);
    if (!match || isIP(address) === 0 || port < 1 || port > 65535 || (match[2] !== undefined && isIP(address) === 6)) {
      throw new ConfigError('DNS_SERVERS', `must be IP addresses with an optional port (host:port, [v6]:port) separated by commas, got "${server}"`);
    }
  }
  return servers;
}

function smtpName(env: Env, publicUrl: string | null): string {
  const fallback = publicUrl ? new URL(publicUrl).hostname.replace(/^\[|\]$/g, '') : os.hostname();
  const value = text(env, 'SMTP_NAME', fallback);
  if (!DOMAIN_NAME.test(value) && isIP(value) === 0) throw new ConfigError('SMTP_NAME', `is not a host name: "${value}"`);
  return value;
}

/** SPF_INCLUDE (domain names) and SPF_IP (IPv4/IPv6 addresses, with an optional /prefix), comma-separated. */
function spf(env: Env): { include: string[]; ip: string[] } {
  const list = (raw: string | null) =>
    (raw ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
  const include = list(optional(env, 'SPF_INCLUDE'));
  for (const domain of include) {
    // SPF domains often start with an underscore label (`_spf.relay.example`), which host names cannot.
    if (!DOMAIN_NAME.test(domain.replace(/(^|\.)_/g, '$1')) || !domain.includes('.')) throw new ConfigError('SPF_INCLUDE', `must be domain names separated by commas, got "${domain}"`);
  }
  const ip = list(optional(env, 'SPF_IP'));
  for (const entry of ip) {
    const [address, prefix, extra] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    if (family === 0 || extra !== undefined || (prefix !== undefined && !(/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits))) {
      throw new ConfigError('SPF_IP', `must be IP addresses or networks (203.0.113.7, 2001:db8::/32) separated by commas, got "${entry}"`);
    }
  }
  return { include, ip };
}

function bounce(env: Env): BounceConfig {
  const domain = optional(env, 'BOUNCE_DOMAIN');
  if (domain !== null && !/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i.test(domain)) {
    throw new ConfigError('BOUNCE_DOMAIN', `is not a domain name: "${domain}"`);
  }
  const webhookSecret = optional(env, 'BOUNCE_WEBHOOK_SECRET');
  if (webhookSecret !== null && (webhookSecret.length < 16 || /[\s:]/.test(webhookSecret))) {
    throw new ConfigError('BOUNCE_WEBHOOK_SECRET', 'must hold at least 16 characters, without spaces or colons');
  }
  return {
    domain: domain?.toLowerCase() ?? null,
    smtpPort: integer(env, 'BOUNCE_SMTP_PORT', 2525, 0, 65535),
    smtpHost: text(env, 'BOUNCE_SMTP_HOST', '0.0.0.0'),
    softLimit: integer(env, 'BOUNCE_SOFT_LIMIT', 3, 1, 100),
    webhookSecret,
  };
}

/** Reads and validates the settings; throws a ConfigError naming the first bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const level = text(env, 'LOG_LEVEL', 'info');
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  }
  // Production (NODE_ENV=production, as the Docker image sets) logs JSON lines; development reads them.
  const logFormat = text(env, 'LOG_FORMAT', env.NODE_ENV === 'production' ? 'json' : 'pretty');
  if (!(LOG_FORMATS as readonly string[]).includes(logFormat)) {
    throw new ConfigError('LOG_FORMAT', `must be one of ${LOG_FORMATS.join(', ')}`);
  }
  const jwtSecret = optional(env, 'JWT_SECRET');
  if (jwtSecret !== null && jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET', 'must hold at least 32 characters');
  }
  const erasureSecret = optional(env, 'ERASURE_SECRET');
  if (erasureSecret !== null && erasureSecret.length < 32) {
    throw new ConfigError('ERASURE_SECRET', 'must hold at least 32 characters');
  }
  const productName = text(env, 'PRODUCT_NAME', 'TGM');
  const retryBaseMs = integer(env, 'MAIL_RETRY_BASE_MS', 2000, 10, 3_600_000);
  const publicUrl = url(env, 'PUBLIC_URL', ['http:', 'https:']);
  const xApiBearerToken = optional(env, 'X_API_BEARER_TOKEN');
  if (xApiBearerToken !== null && /\s/.test(xApiBearerToken)) {
    throw new ConfigError('X_API_BEARER_TOKEN', 'must not hold spaces (the token alone, without "Bearer")');
  }
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: text(env, 'HOST', '127.0.0.1'),
    dataDir: path.resolve(text(env, 'DATA_DIR', './data')),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    embeddedDbFsync: flag(env, 'EMBEDDED_DB_FSYNC', true),
    jwtSecret,
    jwtTtlSeconds: integer(env, 'JWT_TTL', 3600, 60, 30 * 24 * 3600),
    adminEmail: email(env, 'ADMIN_EMAIL', DEFAULT_ADMIN.email),
    adminPassword: password(env, 'ADMIN_PASSWORD', DEFAULT_ADMIN.password),
    operatorEmail: email(env, 'OPERATOR_EMAIL', DEFAULT_OPERATOR.email),
    operatorPassword: password(env, 'OPERATOR_PASSWORD', DEFAULT_OPERATOR.password),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mail: {
      from: mailbox(env, 'MAIL_FROM', `${productName} <no-reply@localhost>`),
      worker: flag(env, 'MAIL_WORKER', true),
      poolSize: integer(env, 'SMTP_POOL_SIZE', 5, 1, 100),
      rateLimit: integer(env, 'SMTP_RATE_LIMIT', 0, 0, 1_000_000),
      batchSize: integer(env, 'MAIL_BATCH_SIZE', 100, 1, 1000),
      maxAttempts: integer(env, 'MAIL_MAX_ATTEMPTS', 5, 1, 100),
      retryBaseMs,
      retryMaxMs: integer(env, 'MAIL_RETRY_MAX_MS', Math.max(300_000, retryBaseMs), retryBaseMs, 86_400_000),
      pollMs: integer(env, 'MAIL_POLL_MS', 1000, 20, 60_000),
      timeoutMs: integer(env, 'SMTP_TIMEOUT_MS', 30_000, 100, 600_000),
    },
    publicUrl: publicUrl?.replace(/\/+$/, '') ?? null,
    logLevel: level as Config['logLevel'],
    logFormat: logFormat as Config['logFormat'],
    productName,
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
    bugReportRateLimit: integer(env, 'BUG_REPORT_RATE_LIMIT', 5, 1, 100_000),
    bugReportRetentionDays: integer(env, 'BUG_REPORT_RETENTION_DAYS', 90, 1, 3650),
    erasureSecret,
    trackingRetentionDays: integer(env, 'TRACKING_RETENTION_DAYS', 395, 1, 36500),
    outboxRetentionDays: integer(env, 'OUTBOX_RETENTION_DAYS', 30, 1, 36500),
    passwordResetTtlMinutes: integer(env, 'PASSWORD_RESET_TTL_MINUTES', 60, 5, 1440),
    invitationTtlHours: integer(env, 'INVITATION_TTL_HOURS', 24, 1, 720),
    webhooksAllowPrivate: flag(env, 'WEBHOOKS_ALLOW_PRIVATE', false),
    totpRequiredForAdmins: flag(env, 'TOTP_REQUIRED_FOR_ADMINS', false),
    publicReadRateLimit: integer(env, 'PUBLIC_READ_RATE_LIMIT', 600, 1, 100_000),
    importMaxBytes: integer(env, 'IMPORT_MAX_BYTES', 64 * 1024 * 1024, 1024, 2 * 1024 * 1024 * 1024),
    diskReserveBytes: integer(env, 'DISK_RESERVE_MB', 64, 0, 1024 * 1024) * 1024 * 1024,
    telegram: telegram(env),
    xApiBearerToken,
    xApiBaseUrl: (url(env, 'X_API_BASE_URL', ['http:', 'https:']) ?? 'https://api.x.com').replace(/\/+$/, ''),
    shareLinks: oneOf(env, 'SHARE_LINKS', ['product', 'youtube'] as const, 'product'),
    trustProxy: trustProxy(env),
    batRateLimit: integer(env, 'BAT_RATE_LIMIT', 30, 1, 100_000),
    bounce: bounce(env),
    dkim: dkim(env),
    dnsServers: dnsServers(env),
    smtpName: smtpName(env, publicUrl),
    spf: spf(env),
    timezone: timezone(env),
    optinExpiryDays: integer(env, 'OPTIN_EXPIRY_DAYS', 7, 1, 365),
    automationsTickSeconds: integer(env, 'AUTOMATIONS_TICK_SECONDS', 10, 0, 3600),
  };
}
