import { badRequest } from '../../shared/errors';

/**
 * A contact's fields beyond e-mail, names and phone (issue 37, docs/architecture.md, «Contacts
 * and consent»): `attribs`, an object of text, number, boolean or date values (a date is a text
 * in ISO 8601, `2026-05-01` or `2026-05-01T09:30:00Z`). Names are trimmed and lower-cased;
 * every route that writes attributes reads them through here.
 */
export type AttribValue = string | number | boolean;
export type Attribs = Record<string, AttribValue>;

/** At most this many attributes per contact. */
export const MAX_ATTRIBS = 50;
/** An attribute's name, once trimmed: 1 to 64 characters. */
export const MAX_ATTRIB_NAME = 64;
/** A text value: 500 characters at most. */
export const MAX_ATTRIB_TEXT = 500;

/** Names JavaScript objects give a meaning of their own: refused, so that no attribute can reach a prototype. */
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

/** `2026-05-01`, or with a time and its offset. */
export const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** True when the text is an ISO date of the calendar (no 30 February). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && !Number.isNaN(Date.parse(value.replace(' ', 'T')));
}

/** An attribute's name as stored: trimmed and lower-cased; null when it cannot be one. */
export function attribName(raw: string): string | null {
  const name = raw.trim().toLowerCase();
  // eslint-disable-next-line no-control-regex
  if (name === '' || name.length > MAX_ATTRIB_NAME || /[\u0000-\u001f\u007f]/.test(name) || RESERVED.has(name)) return null;
  return name;
}

const nameRefused = (raw: string) =>
  badRequest(
    'attribs',
    `Le nom d'attribut « ${raw.slice(0, 80)} » n'est pas valable : de 1 à ${MAX_ATTRIB_NAME} caractères, sans caractère de contrôle, ni « __proto__ », « constructor » ou « prototype ».`,
  );

/** A value's refusal, or null when it is one of the kinds an attribute holds. */
export function attribValueRefusal(value: unknown): string | null {
  if (typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : 'un nombre fini';
  if (typeof value === 'string') {
    if (value.length > MAX_ATTRIB_TEXT) return `un texte de ${MAX_ATTRIB_TEXT} caractères au plus`;
    if (ISO_DATE.test(value) && !isIsoDate(value)) return 'une date qui existe (AAAA-MM-JJ)';
    return null;
  }
  return 'un texte, un nombre, un booléen ou une date ISO (AAAA-MM-JJ)';
}

/**
 * The attributes of a body, checked and with their names trimmed and lower-cased: a 400 naming
 * the field (`attribs.<name>`) for a value of another kind, a bad name, two names that become
 * one, or too many. `patch`: a merge-patch, where null removes an attribute (kept as null).
 */
export function normaliseAttribs(input: unknown, { patch = false } = {}): Record<string, AttribValue | null> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw badRequest('attribs', "Le champ 'attribs' doit être un objet : { \"nom\": valeur }.");
  }
  const entries = Object.entries(input as Record<string, unknown>);
  if (entries.length > MAX_ATTRIBS) throw badRequest('attribs', `Un contact a au plus ${MAX_ATTRIBS} attributs (${entries.length} donnés).`);
  const out = new Map<string, AttribValue | null>();
  for (const [raw, value] of entries) {
    const name = attribName(raw);
    if (name === null) throw nameRefused(raw);
    if (out.has(name)) throw badRequest(`attribs.${name}`, `L'attribut « ${name} » est donné deux fois (les noms ne tiennent compte ni de la casse ni des espaces autour).`);
    if (value === null && patch) {
      out.set(name, null);
      continue;
    }
    const refusal = attribValueRefusal(value);
    if (refusal) throw badRequest(`attribs.${name}`, `L'attribut « ${name} » doit être ${refusal}.`);
    out.set(name, value as AttribValue);
  }
  return Object.fromEntries(out);
}

/** After a merge-patch: no more than MAX_ATTRIBS attributes in all. */
export function checkAttribsCount(attribs: unknown): void {
  if (attribs && typeof attribs === 'object' && Object.keys(attribs).length > MAX_ATTRIBS) {
    throw badRequest('attribs', `Un contact a au plus ${MAX_ATTRIBS} attributs.`);
  }
}

/** A value as a CSV cell or a template shows it. */
export const attribText = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
