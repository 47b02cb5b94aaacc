import type { ResourceDef } from '../../shared/hydra';
import { SUPPRESSION_REASONS } from './types';

/**
 * An address of an owner's suppression list (docs/architecture.md, «Suppression list»), with
 * the e-mails of its owner and of the operator who added it. `email` is kept lower-cased: the `email` filter
 * compares with a lower-cased value (routes.ts), `search` matches part of it.
 */
export const suppressionResource: ResourceDef = {
  type: 'Suppression',
  path: 'suppressions',
  table: `(SELECT s.id, s.user_id, o.email AS user_email, s.email, s.reason, s.source, s.at, s.added_by, u.email AS added_by_email
    FROM suppression s JOIN app_user o ON o.id = s.user_id LEFT JOIN app_user u ON u.id = s.added_by) AS suppression`,
  fields: {
    id: { column: 'id', kind: 'int' },
    email: { column: 'email', kind: 'text' },
    reason: { column: 'reason', kind: 'text', values: SUPPRESSION_REASONS },
    source: { column: 'source', kind: 'text', values: ['opérateur', 'formulaire', 'api', 'message'] },
    at: { column: 'at', kind: 'timestamp' },
    user: { column: 'user_id', kind: 'int' },
    userEmail: { column: 'user_email', kind: 'text' },
    addedBy: { column: 'added_by', kind: 'int' },
    addedByEmail: { column: 'added_by_email', kind: 'text' },
  },
  filters: ['user', 'email', 'reason', 'source'],
  dateFilters: ['at'],
  orderable: ['id', 'email', 'reason', 'at'],
  searchable: ['email'],
  owner: 'user',
  defaultOrder: { field: 'at', direction: 'desc' },
};
