import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Queryable } from '../../db/db';

/** Recovery codes answered when two-factor sign-in is switched on. */
export const RECOVERY_CODES = 10;
const PERIOD_SECONDS = 30;
/** A code of the step before or after also passes (clocks drift). */
const WINDOW = 1;
// A secret checked when the account is unknown or has none: the same work either way.
const DUMMY_SECRET = new Secret({ size: 20 }).base32;

const totpOf = (secret: string, label = '') =>
  new TOTP({ issuer: 'TGM', label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS });

/** A new secret, its `otpauth://` URI and the URI's QR code (an SVG data URL). */
export async function newTotpSecret(email: string): Promise<{ secret: string; uri: string; qr: string }> {
  const secret = new Secret({ size: 20 }).base32;
  const uri = totpOf(secret, email).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The time-step a TOTP code of `secret` matches at `now` (±1 step), or null. */
export function matchingStep(secret: string | null, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s+/g, '');
  const delta = /^\d{6}$/.test(token) ? totpOf(secret ?? DUMMY_SECRET).validate({ token, timestamp: now, window: WINDOW }) : null;
  if (secret === null || delta === null) return null;
  return Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

const hashCode = (code: string) => createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');

/** Ten single-use codes, `xxxxx-xxxxx` (no 0/o, 1/l). */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  const one = () => Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return Array.from({ length: RECOVERY_CODES }, () => one().replace(/^(.{5})/, '$1-'));
}

export interface TotpState {
  secret: string | null;
  pendingSecret: string | null;
}

export async function totpStateOf(db: Queryable, userId: number): Promise<TotpState> {
  const [row] = await db.query<TotpState>(
    'SELECT totp_secret AS secret, totp_pending_secret AS "pendingSecret" FROM app_user WHERE id = $1',
    [userId],
  );
  return row ?? { secret: null, pendingSecret: null };
}

export async function setPendingSecret(db: Queryable, userId: number, secret: string): Promise<void> {
  await db.query('UPDATE app_user SET totp_pending_secret = $2 WHERE id = $1', [userId, secret]);
}

/**
 * Switches two-factor sign-in on with the pending secret, when `code` is one of its codes:
 * the code's step is recorded as used; ten new recovery codes replace any old ones. Answers
 * them, or null when the code does not match (or nothing is pending).
 */
export async function confirmTotp(db: Queryable, userId: number, code: string, now = Date.now()): Promise<string[] | null> {
  const { pendingSecret } = await totpStateOf(db, userId);
  const step = matchingStep(pendingSecret, code, now);
  if (pendingSecret === null || step === null) return null;
  const switched = await db.query(
    `UPDATE app_user SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_enabled_at = now(), totp_last_step = $3
     WHERE id = $1 AND totp_pending_secret = $2 RETURNING id`,
    [userId, pendingSecret, step],
  );
  if (switched.length === 0) return null;
  const codes = newRecoveryCodes();
  await db.query('DELETE FROM totp_recovery_code WHERE user_id = $1', [userId]);
  await db.query('INSERT INTO totp_recovery_code (user_id, code_hash) SELECT $1, unnest($2::text[])', [userId, codes.map(hashCode)]);
  return codes;
}

/**
 * Whether `code` signs `userId` in: a TOTP code of a step later than the last accepted one
 * (recorded at once, so that it passes once), or an unused recovery code (used up). For an
 * unknown account (`userId` null) the same statements run on nobody, so that both take as long.
 */
export async function acceptCode(db: Queryable, userId: number | null, secret: string | null, code: string, now = Date.now()): Promise<boolean> {
  const step = matchingStep(secret, code, now);
  const id = userId ?? -1;
  const [taken] = await db.query<{ id: number }>(
    `UPDATE app_user SET totp_last_step = $2 WHERE id = $1 AND $2::bigint IS NOT NULL AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id`,
    [id, step],
  );
  if (taken) return true;
  const [recovered] = await db.query<{ id: number }>(
    'UPDATE totp_recovery_code SET used_at = now() WHERE id = (SELECT id FROM totp_recovery_code WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL LIMIT 1) RETURNING id',
    [id, hashCode(code)],
  );
  return Boolean(recovered);
}
