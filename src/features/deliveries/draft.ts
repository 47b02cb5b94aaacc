import { decodeBase64, encodeBase64 } from '../../shared/lib/base64';
import type { Delivery, DeliveryContent } from './types';

/** The editor's working copy: the code lists decoded to the text the operator edits. */
export interface DeliveryDraft extends Omit<Delivery, 'codeHtml' | 'codeText'> {
  html: string;
  text: string;
}

const decodeCode = (parts: string[]) => parts.map(decodeBase64).join('');
const encodeCode = (text: string) => (text ? [encodeBase64(text)] : []);

export function toDraft(delivery: Delivery): DeliveryDraft {
  const { codeHtml, codeText, ...rest } = delivery;
  return { ...rest, html: decodeCode(codeHtml), text: decodeCode(codeText) };
}

export function contentOf(draft: DeliveryDraft): DeliveryContent {
  return {
    subject: draft.subject,
    label: draft.label,
    codeHtml: encodeCode(draft.html),
    codeText: encodeCode(draft.text),
    codeAmp: draft.codeAmp,
    properties: draft.properties,
  };
}

/** The full delivery a save sends: every writable field, at the next version (spec §4). */
export function savePatch(draft: DeliveryDraft): Partial<Delivery> {
  return {
    ...contentOf(draft),
    internalname: draft.internalname,
    // The owner: only an admin may give a template to another user (the server holds to it).
    user: draft.user,
    societe: draft.societe,
    actif: draft.actif,
    profil: draft.profil,
    category: draft.category,
    frequence: draft.frequence,
    goal: draft.goal,
    channel: draft.channel,
    typedel: draft.typedel,
    msg: draft.msg,
    origin: draft.origin,
    description: draft.description,
    // A merge-patch replaces the list whole; null says the template is written in code.
    blocks: draft.blocks ?? null,
    version: draft.version + 1,
  };
}
