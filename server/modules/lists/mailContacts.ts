import type { MailContacts } from '../mail';
import { attribNames, contactsToMail, findContactWithList, mailableContactIds, rejectAddress, rejectAddresses, unsubscribeContact } from './repository';
import { grpResource } from './resource';
import { suppressAddresses, suppressionOf } from '../suppressions';
import { preferencesOf, setSubscription, unsubscribeEverywhere } from './preferences';

/** What sending reads and changes of the lists' contacts, given to mail at startup (server/modules/index.ts). */
export const listsMailContacts: MailContacts = {
  listResource: grpResource,
  mailableContactIds,
  contactsToMail,
  attribNames,
  preferencesOf,
  setSubscription,
  unsubscribeEverywhere,
  findContactWithList,
  unsubscribeContact,
  rejectAddress,
  rejectAddresses,
  suppressionOf: (db, owners, email) => suppressionOf(db, owners, email),
  suppressAddresses: (db, owners, emails, reason) =>
    suppressAddresses(
      db,
      emails.map((email, i) => ({ owner: owners[i], email, reason, source: 'message' })),
    ),
};
