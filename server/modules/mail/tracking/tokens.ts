import { createHmac, timingSafeEqual } from 'node:crypto';

/** A recipient of a send: what bounce and tracking tokens name. */
export interface RecipientRef {
  sendId: number;
  contactId: number;
}

const ID = '([1-9][0-9]{0,9})';

/**
 * The recipient a BAT's tokens name: no send has this id (mail_send ids are int4, and this
 * is the last one), so its tracked links and unsubscribe answer as a real message's do and
 * record nothing.
 */
export const BAT_RECIPIENT: RecipientRef = { sendId: 2147483647, contactId: 2147483647 };

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
 * - open: `{send}.{contact}.{mac}`; click: `{send}.{contact}.{link}.{mac}`, the link one of
 *   the send's targets (`mail_link`), signed with the rest so that a changed one is refused
 *   (never an open redirect): short whatever the address (2,048 characters, any Unicode).
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
    /** The `mailto:` unsubscribe of List-Unsubscribe: `unsubscribe+{token}@{BOUNCE_DOMAIN}`. */
    unsubscribe: recipient('unsubscribe', 'hex', 20),
    open: recipient('open', 'base64url', 22),
    click: {
      /** `{send}.{contact}.{link}.{mac}`: the link is a row of the send's targets (`mail_link`), never the address itself. */
      sign: (ref: RecipientRef, linkId: number) => {
        const payload = `${ref.sendId}.${ref.contactId}.${linkId}`;
        return `${payload}.${mac('click-link', payload, 'base64url', 22)}`;
      },
      /**
       * The recipient and the link a click token names; tokens of messages sent before links had
       * ids carry the address itself (`{send}.{contact}.{url as base64url}.{mac}`) and still work.
       */
      verify: (token: string): (RecipientRef & ({ linkId: number; url?: undefined } | { url: string; linkId?: undefined })) | null => {
        const linked = new RegExp(`^${ID}\\.${ID}\\.([1-9][0-9]{0,15})\\.([\\w-]{22})$`).exec(token);
        if (linked) {
          const payload = `${linked[1]}.${linked[2]}.${linked[3]}`;
          if (!same(mac('click-link', payload, 'base64url', 22), linked[4])) return null;
          return { sendId: Number(linked[1]), contactId: Number(linked[2]), linkId: Number(linked[3]) };
        }
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

/** Who rates from an AMP form: a list's contact (`c`) or a digest's visitor (`v`). */
export interface RatingTokenClaims {
  who: 'c' | 'v';
  id: number;
  videoId: string;
  /** Unix seconds after which the token is refused. */
  expires: number;
}

/**
 * The token of an AMP rating form (issue 40): `{c|v}{id}.{video}.{expires}.{mac}`, signed per
 * recipient and video under its own label; it names no address. Valid, and reusable to change a
 * rating, until it expires; a token for another video or person does not verify.
 */
export function ratingTokens(secret: string) {
  const mac = (payload: string) => createHmac('sha256', secret).update(`amp-rating:${payload}`).digest('base64url').slice(0, 32);
  return {
    sign: ({ who, id, videoId, expires }: RatingTokenClaims) => {
      const payload = `${who}${id}.${videoId}.${expires}`;
      return `${payload}.${mac(payload)}`;
    },
    verify: (token: string, nowSeconds = Math.floor(Date.now() / 1000)): RatingTokenClaims | null => {
      const match = /^([cv])([1-9][0-9]{0,9})\.([\w-]{6,20})\.([1-9][0-9]{0,11})\.([\w-]{32})$/.exec(token);
      if (!match) return null;
      if (!same(mac(`${match[1]}${match[2]}.${match[3]}.${match[4]}`), match[5])) return null;
      const expires = Number(match[4]);
      if (expires < nowSeconds) return null;
      return { who: match[1] as 'c' | 'v', id: Number(match[2]), videoId: match[3], expires };
    },
  };
}

export type RatingTokens = ReturnType<typeof ratingTokens>;

