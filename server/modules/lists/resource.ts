import type { ResourceDef } from '../../shared/hydra';

/** A mailing list ("grp" in the spec). */
export const grpResource: ResourceDef = {
  type: 'Grp',
  path: 'grps',
  table: 'grp',
  fields: {
    id: { column: 'id', kind: 'int' },
    subject: { column: 'subject', kind: 'text' },
    actif: { column: 'actif', kind: 'int' },
    user: { column: 'user_id', kind: 'int' },
    sequence: { column: 'sequence', kind: 'json' },
    created: { column: 'created', kind: 'timestamp' },
    lastModified: { column: 'last_modified', kind: 'timestamp' },
  },
  filters: ['id', 'user', 'actif', 'subject'],
  orderable: ['id', 'subject', 'lastModified', 'created'],
  owner: 'user',
};
