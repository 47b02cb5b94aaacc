import type { Queryable } from '../../../db/db';
import type { Claimed } from '../claimedRows';
import { mailContacts } from '../contacts';
import { rowQueue } from './rows';
import { forgetLongDeadWorkers } from './workers';

export { STALE_AFTER_SECONDS } from './rows';

/** The recipients of sends: a row queue whose rows keep when they last changed. */
export const recipientRows = rowQueue({ table: 'mail_recipient', alias: 'r', touch: ', updated_at = now()' });

/**
 * Claims up to `limit` waiting recipients of running sends, in send order, with each contact's
 * current data read in the claiming statement; records `sentIds` as sent in the same statement.
 */
export function claim(db: Queryable, workerId: string, limit: number, sentIds: number[] = []): Promise<Claimed[]> {
  return recipientRows.claim<Claimed>(
    db,
    {
      due: `\n         AND r.send_id IN (SELECT id FROM mail_send WHERE status = 'running')`,
      order: 'r.send_id, r.id',
      join: `${mailContacts().contactsToMail} c\n     WHERE r.id = picked.id AND c.id = r.contact_id`,
      returning: `r.id, r.send_id AS "sendId", r.contact_id AS "contactId", r.attempts,
       c.email, c.firstname, c.lastname, c.attribs, c.grp_id AS "grpId", c.actif`,
    },
    workerId,
    limit,
    sentIds,
  );
}

/** Frees the claims of workers that stopped beating (a killed process), and forgets the long dead; answers how many. */
export async function reclaimStale(db: Queryable): Promise<number> {
  const freed = await recipientRows.reclaimStale(db);
  await forgetLongDeadWorkers(db);
  return freed;
}
