import type { Queryable } from '../../db/db';
import { escapeHtml as esc } from '../../shared/html';
import type { PersonExportData } from '../../shared/schemas';
import { confirmationUrl, issueConfirmation, type ConfirmationKind } from '../confirmations';
import { enqueueMessages, type MessageContent, type MessageContext, type MessageKind, type PreferenceDataActions, type QueuedMessage } from '../mail';
import { personnesCopy as copy } from './copy';
import { eraseWithin, exportPerson, type ErasureSettings } from './service';

/** The erasure link stays usable this long. */
const LINK_TTL_HOURS = 24;

/** Whose erasure a link confirms: a visitor's space (its id) or a contact (its id, from the preference page). */
type Subject = 'effacement' | 'effacement-contact';

const ADDRESS_OF: Record<Subject, string> = {
  effacement: 'SELECT email FROM visitor WHERE id = $1',
  'effacement-contact': 'SELECT email FROM grp_rcp WHERE id = $1',
};

async function addressOf(db: Queryable, subject: Subject, id: number): Promise<string | null> {
  const [row] = await db.query<{ email: string }>(ADDRESS_OF[subject], [id]);
  return row?.email ?? null;
}

/**
 * The settings an erasure confirmed by its link uses (the hash's key, the data folder): set when
 * the app registers its routes. A confirmation kind is registered before any app exists, so it
 * reads them here; one process runs one app (tests: one per file, each with its own modules).
 */
let settings: ErasureSettings | null = null;
export const setErasureSettings = (given: ErasureSettings): void => {
  settings = given;
};

/**
 * Asks for a self-erasure (issue 38): queues the message whose link confirms it, in the caller's
 * transaction. `subject` says whose: a visitor's space or a contact (the preference page's).
 * Several requests within a minute send one message.
 */
export async function requestSelfErasure(tx: Queryable, subject: Subject, id: number): Promise<boolean> {
  const email = await addressOf(tx, subject, id);
  if (!email) return false;
  const minute = Math.floor(Date.now() / 60_000);
  await enqueueMessages(tx, [{ kind: selfErasureMessage.kind, key: `${subject}-${id}-${minute}`, to: email, payload: { subject, id } }]);
  return true;
}

/** The message whose link opens the confirming page; the token is drawn when it is composed, never stored in clear. */
export const selfErasureMessage: MessageKind = {
  kind: 'personne-effacement',
  async compose(ctx: MessageContext, message: QueuedMessage): Promise<MessageContent | null> {
    const subject = String(message.payload.subject) as Subject;
    if (!(subject in ADDRESS_OF)) return null;
    const id = Number(message.payload.id);
    const email = await addressOf(ctx.db, subject, id);
    if (!email || email.toLowerCase() !== message.to.toLowerCase()) return null;
    const url = confirmationUrl(ctx.publicUrl, await issueConfirmation(ctx.db, { kind: subject, subjectId: id, ttlHours: LINK_TTL_HOURS }));
    const words = copy.message(ctx.productName);
    return {
      subject: words.subject,
      html: `<!DOCTYPE html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#222">
<p>${esc(words.intro)}</p>
<p><a href="${esc(url)}" style="display:inline-block;padding:12px 20px;background:#b71c1c;color:#fff;text-decoration:none;border-radius:4px">${esc(words.action)}</a></p>
<p style="color:#555">${esc(words.outro)}</p>
</body></html>`,
      text: `${words.intro}\n\n${words.action} : ${url}\n\n${words.outro}\n`,
      unsubscribe: null,
    };
  },
};

const erasureKind = (kind: Subject): ConfirmationKind => ({
  kind,
  fallbackLabel: copy.confirmLabel,
  async label(db, subjectId) {
    return (await addressOf(db, kind, subjectId)) ? copy.confirmLabel : null;
  },
  // The page's POST (a GET only shows it): everything held about the address goes, in the link's transaction.
  async confirm(tx, subjectId) {
    const email = await addressOf(tx, kind, subjectId);
    if (!email || !settings) return { erased: false };
    const { tables } = await eraseWithin(tx, settings, email, null);
    return { erased: true, rows: Object.values(tables).reduce((sum, n) => sum + n, 0) };
  },
});

/** A visitor's self-erasure, confirmed by the link of `selfErasureMessage`. */
export const visitorErasureConfirmation = erasureKind('effacement');
/** A contact's self-erasure (the preference page), confirmed the same way. */
export const contactErasureConfirmation = erasureKind('effacement-contact');

/**
 * A contact's own export (the preference page, issue 38): everything held about the contact's
 * address, the same JSON as an admin's export; null when the contact is gone.
 */
export async function exportContactData(db: Queryable, config: ErasureSettings, contactId: number) {
  const email = await addressOf(db, 'effacement-contact', contactId);
  return email ? exportPerson(db, config, email, null) : null;
}

/** The preference page's export and erasure of a contact's data, as mail's preference routes call them. */
export const contactDataActions: PreferenceDataActions = {
  exportOf: (db, contactId) => {
    if (!settings) throw new Error('erasure settings not set: personnes routes not registered');
    return exportContactData(db, settings, contactId) as Promise<PersonExportData | null>;
  },
  requestErasure: async (db, contactId) => {
    await db.transaction((tx) => requestSelfErasure(tx, 'effacement-contact', contactId));
  },
};
