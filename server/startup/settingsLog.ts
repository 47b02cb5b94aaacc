import type { Config } from '../config';

const MASK = '********';

/** A URL without the password it may hold (`postgres://user:secret@host` → `postgres://user:********@host`). */
function withoutPassword(value: string | null): string | null {
  if (value === null) return null;
  const url = new URL(value);
  if (url.password) url.password = MASK;
  return url.toString();
}

const masked = (value: string | null) => (value === null ? null : MASK);

/**
 * The settings in effect, as the start-up log line gives them: every secret (passwords,
 * tokens, the JWT secret, passwords inside URLs) is masked, set or not being still visible.
 */
export function effectiveSettings(config: Config): Record<string, unknown> {
  return {
    ...config,
    databaseUrl: withoutPassword(config.databaseUrl),
    smtpUrl: withoutPassword(config.smtpUrl),
    jwtSecret: config.jwtSecret === null ? 'generated (DATA_DIR/jwt-secret)' : MASK,
    erasureSecret: config.erasureSecret === null ? 'generated (DATA_DIR/erasure-secret)' : MASK,
    adminPassword: MASK,
    operatorPassword: MASK,
    xApiBearerToken: masked(config.xApiBearerToken),
    telegram: config.telegram && { ...config.telegram, botToken: MASK },
    bounce: { ...config.bounce, webhookSecret: masked(config.bounce.webhookSecret) },
    dkim: { ...config.dkim, privateKey: masked(config.dkim.privateKey) },
    // Texts of pages, not settings anyone reads in a log.
    legalMentions: config.legalMentions === null ? null : `${config.legalMentions.length} characters`,
    privacyPolicy: config.privacyPolicy === null ? null : `${config.privacyPolicy.length} characters`,
  };
}
