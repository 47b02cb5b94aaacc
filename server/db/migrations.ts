import type { Migration } from './db';
import { usersMigrations } from '../modules/users/migrations';
import { totpMigrations } from '../modules/auth/totpMigrations';
import { listsMigrations } from '../modules/lists/migrations';
import { categoriesMigrations } from '../modules/categories/migrations';
import { videosMigrations } from '../modules/videos/migrations';
import { visitorsMigrations } from '../modules/visitors/migrations';
import { visitorsHistoryMigrations } from '../modules/visitors/historyMigrations';
import { visitorNotesMigrations } from '../modules/visitors/notesMigrations';
import { discoursMigrations } from '../modules/discours/migrations';
import { recipientsMigrations } from '../modules/recipients/migrations';
import { deliveriesMigrations } from '../modules/deliveries/migrations';
import { mailMigrations } from '../modules/mail/migrations';
import { ratingsMigrations } from '../modules/ratings/migrations';
import { socialMediaMigrations } from '../modules/socialMedia/migrations';
import { confirmationsMigrations } from '../modules/confirmations/migrations';
import { automationsMigrations } from '../modules/automations/migrations';
import { suppressionsMigrations } from '../modules/suppressions/migrations';
import { rapportsMigrations } from '../modules/rapports/migrations';
import { audienceMigrations } from '../modules/audience/migrations';
import { personnesMigrations } from '../modules/personnes/migrations';
import { auditMigrations } from '../modules/audit/migrations';
import { tokensMigrations } from '../modules/tokens/migrations';
import { webhooksMigrations } from '../modules/webhooks/migrations';
import { segmentsMigrations } from '../modules/segments/migrations';
import { laterTableChangesMigrations, tableChangesMigration } from './tableChanges';

/** Every module's migrations; each module prefixes its ids with a number that orders it. */
export const migrations: Migration[] = [
  ...usersMigrations,
  ...totpMigrations,
  ...listsMigrations,
  ...categoriesMigrations,
  ...videosMigrations,
  ...visitorsMigrations,
  ...visitorsHistoryMigrations,
  ...visitorNotesMigrations,
  ...discoursMigrations,
  ...recipientsMigrations,
  ...deliveriesMigrations,
  ...mailMigrations,
  ...ratingsMigrations,
  ...socialMediaMigrations,
  ...confirmationsMigrations,
  ...automationsMigrations,
  ...suppressionsMigrations,
  ...rapportsMigrations,
  ...audienceMigrations,
  ...personnesMigrations,
  ...auditMigrations,
  ...tokensMigrations,
  ...webhooksMigrations,
  ...segmentsMigrations,
  tableChangesMigration,
  ...laterTableChangesMigrations,
];
