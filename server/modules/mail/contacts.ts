import type { Db, Queryable } from '../../db/db';
import type { ResourceDef } from '../../shared/hydra';

/**
 * What sending reads and changes of the contacts of lists. The lists module owns contacts and
 * the rules of their state; it gives mail this at startup (`registerMailContacts`, from
 * server/modules/index.ts), so that mail sits below lists and imports none of it.
 */
export interface MailContacts {
  /** The lists, as a resource: a send's list is one its user owns. */
  listResource: ResourceDef;
  /** The ids of the list's contacts that may be mailed now, in order: a sub-select (`listParam` names the list). */
  mailableContactIds(listParam: string): string;
  /** A FROM item of the contact fields a message is made from (and `actif`), joined on `id`. */
  contactsToMail: string;
  /**
   * The preference page (issue 37): the lists of the sender where the address of the contact a
   * link names is a contact, each subscribed or not; null when the contact is gone.
   */
  preferencesOf(db: Queryable, contactId: number): Promise<PreferencesView | null>;
  /** The person (un)subscribes in one list: the contact whose unsubscribe counts, or null. */
  setSubscription(db: Db, contactId: number, grp: number, subscribed: boolean, client: PreferenceClient): Promise<number | null>;
  /** « Me désabonner de tout »: every list, and the suppression list; the contacts that were active. */
  unsubscribeEverywhere(db: Db, contactId: number, client: PreferenceClient): Promise<number[]>;
  /** The attribute names the owner's contacts have, in order (the editor's variables, issue 37); an admin: every owner's. */
  attribNames(db: Queryable, ownerId: number | null): Promise<string[]>;
  /** A contact with the subject of its list (the unsubscribe page names both). */
  findContactWithList(db: Queryable, contactId: number): Promise<{ id: number; email: string; actif: number; list: string } | null>;
  /** The contact unsubscribed themself; false when they were not active. */
  unsubscribeContact(db: Queryable, contactId: number): Promise<boolean>;
  /** The address bounced: rejected in every list of its owner. */
  rejectAddress(db: Queryable, ownerId: number, email: string): Promise<number>;
  /** Several addresses bounced at once, each of its owner. */
  rejectAddresses(db: Queryable, ownerIds: number[], emails: string[]): Promise<number>;
  /**
   * The address's place on the suppression list of the first of `ownerIds` that holds it, or
   * null (docs/architecture.md, «Suppression list»): a test send to it is refused.
   */
  suppressionOf(db: Queryable, ownerIds: number[], email: string): Promise<{ reason: SuppressionReason } | null>;
  /** Addresses a message of their owner's bounced for good or drew a complaint: on that owner's suppression list. */
  suppressAddresses(db: Queryable, ownerIds: number[], emails: string[], reason: 'rejeté' | 'plainte'): Promise<number>;
}

/** Why an address is on its owner's suppression list. */
export type SuppressionReason = 'désabonné' | 'plainte' | 'rejeté' | 'opérateur' | 'effacement';

let registered: MailContacts | null = null;

export function registerMailContacts(contacts: MailContacts): void {
  registered = contacts;
}

/** The contacts mail sends to, as the lists module registered them. */
export function mailContacts(): MailContacts {
  if (!registered) throw new Error('mail contacts used before server/modules/index.ts registered them');
  return registered;
}

/** What the preference page shows (lists/preferences.ts). */
export interface PreferencesView {
  email: string;
  lists: { grp: number; subject: string; subscribed: boolean; changeable: boolean }[];
  suppressed: boolean;
}

/** Who changes their preferences: kept with the consent events. */
export interface PreferenceClient {
  ip: string | null;
  userAgent: string | null;
}
