import type { Migration } from '../../db/db';

export const socialMediaMigrations: Migration[] = [
  {
    id: '1100_recipient_social_media',
    sql: `
CREATE TABLE recipient_social_media (
  recipient_id integer PRIMARY KEY REFERENCES recipient (id) ON DELETE CASCADE,
  youtube jsonb,
  youtube_checked_at timestamptz,
  twitter jsonb,
  twitter_checked_at timestamptz
);
`,
  },
];
