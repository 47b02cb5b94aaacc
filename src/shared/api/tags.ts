/** Every cache tag type; features provide and invalidate these. */
export const TAG_TYPES = [
  'User',
  'Videos',
  'Visitor',
  'History',
  'Grp',
  'ListCounts',
  'Contact',
  'Category',
  'Discours',
  'Delivery',
  'Send',
  'Rating',
  'Recipient',
  'SocialMedia',
  'Automation',
  'Note',
  'Rapport',
  'Suppression',
  'Audit',
  'ApiToken',
  'Webhook',
  'Segment',
] as const;

export type TagType = (typeof TAG_TYPES)[number];
