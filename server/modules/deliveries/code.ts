import type { Row } from '../../db/db';
import type { Amp4EmailError } from '../../shared/amp4email';
import { validateAmp4EmailInThread } from '../../shared/amp4email/thread';
import { badRequest, HttpError } from '../../shared/errors';
import { checkBlocks } from './blocks';

/** Bound of each of a delivery's codes (HTML, text, AMP), decoded. */
export const MAX_CODE_BYTES = 1024 * 1024;

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });
const CODE_FIELDS = ['codeHtml', 'codeText', 'codeAmp'] as const;

/**
 * Decodes a codeHtml/codeText list (base64 parts, joined in order) into its text; a part that
 * is not base64 of UTF-8, or a total over the bound, is the caller's error on that field.
 */
export function decodeCodeList(parts: readonly string[], field: string): string {
  let total = 0;
  const texts = parts.map((part, index) => {
    if (!BASE64.test(part))
      throw badRequest(`${field}.${index}`, `Le champ '${field}.${index}' n'est pas du base64 valide.`);
    const bytes = Buffer.from(part, 'base64');
    total += bytes.length;
    try {
      return utf8.decode(bytes);
    } catch {
      throw badRequest(`${field}.${index}`, `Le champ '${field}.${index}' ne contient pas du texte UTF-8.`);
    }
  });
  if (total > MAX_CODE_BYTES)
    throw badRequest(field, `Le champ '${field}' dépasse ${MAX_CODE_BYTES / 1024} Kio une fois décodé.`);
  return texts.join('');
}

/** An AMP code and its AMP4EMAIL errors, judged in the validation thread. */
interface AmpVerdict {
  amp: string;
  errors: Amp4EmailError[];
}

/**
 * Judges the AMP code a body carries, in the validation thread: before the body's transaction
 * opens, which then does not wait for it (checkCodes, checkPublishable take the verdict).
 * Undefined when there is nothing to judge; AmpCheckAborted (422) past the time limit.
 */
export async function judgeAmp(values: Row): Promise<AmpVerdict | undefined> {
  const amp = values.codeAmp;
  // Empty, or over its bound: checkAmp and checkEncoding answer those.
  if (typeof amp !== 'string' || amp.trim() === '' || Buffer.byteLength(amp) > MAX_CODE_BYTES) return undefined;
  return { amp, errors: await validateAmp4EmailInThread(amp, { handlebars: true }) };
}

/**
 * Checks the code fields a body carries. `current` is the delivery the body changes (a
 * PATCH carries only what changes): when the body touches a code, the codes the delivery will
 * then hold must make a sendable message (checkStructure), and an AMP code it writes must be
 * valid AMP for e-mail. `judged` is judgeAmp's verdict on the body, when it was asked for.
 */
export async function checkCodes(values: Row, current?: Row, judged?: unknown): Promise<Row> {
  checkBlocks(values);
  checkEncoding(values);
  if (CODE_FIELDS.some((field) => values[field] !== undefined)) {
    checkStructure({ ...current, ...values });
    if (typeof values.codeAmp === 'string') await checkAmp(values.codeAmp, judged);
  }
  return values;
}

/** The code fields a body carries decode and fit their bound. */
export function checkEncoding(values: Row): void {
  for (const field of ['codeHtml', 'codeText'] as const) {
    if (Array.isArray(values[field])) decodeCodeList(values[field] as string[], field);
  }
  if (typeof values.codeAmp === 'string' && Buffer.byteLength(values.codeAmp) > MAX_CODE_BYTES) {
    throw badRequest('codeAmp', `Le champ 'codeAmp' dépasse ${MAX_CODE_BYTES / 1024} Kio.`);
  }
}

/** What MEP publishes: the whole delivery must make a sendable message, its AMP valid. */
export async function checkPublishable(delivery: Row, judged?: unknown): Promise<void> {
  checkStructure(delivery);
  if (typeof delivery.codeAmp === 'string') await checkAmp(delivery.codeAmp, judged);
}

const decoded = (delivery: Row, field: 'codeHtml' | 'codeText') =>
  Array.isArray(delivery[field]) ? decodeCodeList(delivery[field] as string[], field) : '';

/** An AMP part is only ever sent beside an HTML or a text part (mail clients show those when they do not show AMP). */
function checkStructure(delivery: Row): void {
  const amp = typeof delivery.codeAmp === 'string' ? delivery.codeAmp : '';
  if (amp.trim() === '') return;
  if (decoded(delivery, 'codeHtml').trim() === '' && decoded(delivery, 'codeText').trim() === '') {
    throw badRequest(
      'codeAmp',
      "Le champ 'codeAmp' ne peut pas être le seul code du modèle : la version AMP n'est envoyée qu'à côté d'une version HTML ('codeHtml') ou texte ('codeText').",
    );
  }
}

/**
 * The AMP code against the AMP4EMAIL rules; the refusal lists every error at its line and
 * column. A code `judged` did not see (the stored one MEP publishes) is judged now.
 */
async function checkAmp(amp: string, judged?: unknown): Promise<void> {
  if (amp.trim() === '') return;
  const verdict = (judged as AmpVerdict | undefined)?.amp === amp ? (judged as AmpVerdict) : await judgeAmp({ codeAmp: amp });
  const errors = verdict?.errors ?? [];
  if (errors.length === 0) return;
  const [first] = errors;
  const more = errors.length > 1 ? ` (et ${errors.length - 1} autre${errors.length > 2 ? 's' : ''} erreur${errors.length > 2 ? 's' : ''})` : '';
  throw new HttpError(
    400,
    `Le champ 'codeAmp' n'est pas un AMP pour e-mail valide : ligne ${first.line}, colonne ${first.column} : ${first.message}${more}`,
    'codeAmp',
    { errors },
  );
}
