import type { Migration } from './db';
import { usersMigrations } from '../modules/users/migrations';
import { listsMigrations } from '../modules/lists/migrations';
import { categoriesMigrations } from '../modules/categories/migrations';
import { deliveriesMigrations } from '../modules/deliveries/migrations';
import { mailMigrations } from '../modules/mail/migrations';

/** Every module's migrations; each module prefixes its ids with a number that orders it. */
export const migrations: Migration[] = [
  ...usersMigrations,
  ...listsMigrations,
  ...categoriesMigrations,
  ...deliveriesMigrations,
  ...mailMigrations,
];
