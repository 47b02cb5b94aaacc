import type { Row } from '../../db/db';
import { badRequest } from '../../shared/errors';

/** Bound of each of a delivery's codes (HTML, text, AMP), decoded. */
export const MAX_CODE_BYTES = 1024 * 1024;

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

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

/** Checks the code fields a body carries. */
export function checkCodes(values: Row): Row {
  for (const field of ['codeHtml', 'codeText'] as const) {
    if (Array.isArray(values[field])) decodeCodeList(values[field] as string[], field);
  }
  if (typeof values.codeAmp === 'string' && Buffer.byteLength(values.codeAmp) > MAX_CODE_BYTES) {
    throw badRequest('codeAmp', `Le champ 'codeAmp' dépasse ${MAX_CODE_BYTES / 1024} Kio.`);
  }
  return values;
}
