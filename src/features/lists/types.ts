import type { SequenceItem } from '../../shared/lib/sequence';

/** A mailing list ("grp", spec §3). */
export interface List {
  id: number;
  subject: string;
  lastModified: string;
  actif: 0 | 1;
  user: number;
  sequence: SequenceItem[];
  /** Public subscriptions must be confirmed by e-mail (double opt-in). */
  doubleOptIn?: boolean;
  /** The list visitors who tick the opt-in at sign-up join (one at most; admins set it). */
  publicDefault?: boolean;
}

/**
 * A contact's state (docs/architecture.md, «Contacts and consent»): 'rejeté' is a bounce, which an operator may clear; 'en attente'
 * waits for its confirmation (double opt-in), which only the contact gives.
 */
export type ContactStatus = 'actif' | 'en attente' | 'désabonné' | 'retiré' | 'rejeté';

/** One consent event of a contact (docs/architecture.md, «Contacts and consent»). */
export interface ConsentEvent {
  type: 'ajouté' | 'confirmé' | 'désabonné' | 'rejeté' | 'réabonné' | 'exclu' | 'exclusion levée';
  source: 'opérateur' | 'import' | 'formulaire' | 'api' | 'message' | 'préférences';
  at: string;
  ip: string | null;
  userAgent: string | null;
  file?: string;
}

/** A contact's attribute value (issue 37): text, number, boolean, or a date as ISO text. */
export type AttribValue = string | number | boolean;

/** A contact of a list ("grp_rcp"). */
export interface Contact {
  id: number;
  email: string;
  firstname: string | null;
  lastname: string | null;
  phone: string | null;
  origin: string | null;
  grp: number;
  actif: 0 | 1;
  status: ContactStatus;
  unsubscribedBy: 'contact' | 'operator' | null;
  created: string;
  /** Its attributes, by lower-case name (issue 37). */
  attribs?: Record<string, AttribValue>;
  /** Answered by the item GET only. */
  consent?: ConsentEvent[];
}

export interface ContactPatch {
  firstname?: string;
  lastname?: string;
  phone?: string;
  /** Merged by name; null removes one. */
  attribs?: Record<string, AttribValue | null>;
  status?: Exclude<ContactStatus, 'rejeté' | 'en attente'>;
}

export interface ListCounts {
  count: number;
  countStart: number;
}

/** The add-contact body of spec §7.3. */
export interface NewContact {
  email: string;
  firstname: string;
  lastname: string;
  phone: string;
  grp: number;
  user: number;
  origin: string;
}

/** The target list request of spec §3 (`emails` base64-encoded). */
export interface TargetListRequest {
  internalname: string;
  societe: string;
  origin: string;
  emails: string;
  mode: 'add' | 'replace';
}

export interface RefusedLine {
  line: number;
  reason: string;
}

/** What an import or a target list request did to a list. */
export interface ImportReport {
  rows: number;
  added: number;
  duplicates: number;
  invalid: number;
  /** Addresses on the owner's suppression list (docs/architecture.md, «Suppression list»): not added. */
  suppressed?: number;
  duplicateLines: number[];
  invalidLines: RefusedLine[];
  suppressedLines?: number[];
  removed?: number;
  /** What a CSV import read the file as (`UTF-8`, `windows-1252`, `ISO-8859-1`…). */
  encoding?: string;
  /** The separator a CSV import read: `;`, `,` or a tab. */
  separator?: string;
}

export interface RefreshState {
  ready: boolean;
  updated: number;
  deactivated: number;
}
