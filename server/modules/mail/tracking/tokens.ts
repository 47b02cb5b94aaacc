import { createHmac, timingSafeEqual } from 'node:crypto';

/** A recipient of a send: what bounce and tracking tokens name. */
export interface RecipientRef {
  sendId: number;
  contactId: number;
}

const ID = '([1-9][0-9]{0,9})';

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Signed tokens of the mail module, all from the one secret every process shares
 * (`mail_secret`), each purpose under its own label so that one kind cannot pass for another.
 *
 * - bounce: `{send}.{contact}.{mac}`, the VERP part of `bounce+{token}@{BOUNCE_DOMAIN}`; the
 *   MAC is lowercase hex since some mail servers change the case of local parts.
 * - open: `{send}.{contact}.{mac}`; click: `{send}.{contact}.{url as base64url}.{mac}`, the
 *   address signed with the rest so that a changed one is refused (never an open redirect).
 */
export function mailTokens(secret: string) {
  const mac = (purpose: string, payload: string, encoding: 'hex' | 'base64url', length: number) =>
    createHmac('sha256', secret).update(`${purpose}:${payload}`).digest(encoding).slice(0, length);

  const recipient = (purpose: string, encoding: 'hex' | 'base64url', length: number) => {
    const pattern = new RegExp(`^${ID}\\.${ID}\\.(${encoding === 'hex' ? '[0-9a-f]' : '[\\w-]'}{${length}})$`);
    return {
      sign: ({ sendId, contactId }: RecipientRef) =>
        `${sendId}.${contactId}.${mac(purpose, `${sendId}.${contactId}`, encoding, length)}`,
      verify: (token: string): RecipientRef | null => {
        const match = pattern.exec(encoding === 'hex' ? token.toLowerCase() : token);
        if (!match) return null;
        const expected = mac(purpose, `${match[1]}.${match[2]}`, encoding, length);
        return same(expected, match[3]) ? { sendId: Number(match[1]), contactId: Number(match[2]) } : null;
      },
    };
  };

  return {
    bounce: recipient('bounce', 'hex', 20),
    open: recipient('open', 'base64url', 22),
    click: {
      sign: (ref: RecipientRef, url: string) => {
        const payload = `${ref.sendId}.${ref.contactId}.${Buffer.from(url).toString('base64url')}`;
        return `${payload}.${mac('click', payload, 'base64url', 22)}`;
      },
      verify: (token: string): (RecipientRef & { url: string }) | null => {
        const match = new RegExp(`^${ID}\\.${ID}\\.([\\w-]{1,8000})\\.([\\w-]{22})$`).exec(token);
        if (!match) return null;
        const payload = `${match[1]}.${match[2]}.${match[3]}`;
        if (!same(mac('click', payload, 'base64url', 22), match[4])) return null;
        return {
          sendId: Number(match[1]),
          contactId: Number(match[2]),
          url: Buffer.from(match[3], 'base64url').toString('utf8'),
        };
      },
    },
  };
}

export type MailTokens = ReturnType<typeof mailTokens>;
