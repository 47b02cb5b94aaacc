/** Every table that stores a key/value sequence (a `sequence` jsonb column, a `user_id` owner). */
export const SEQUENCE_TABLES = ['grp', 'discours'];
