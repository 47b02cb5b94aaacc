import type { ResourceDef } from '../../shared/hydra';

/** A speech ("discours"): named talking points kept as an ordered key/value sequence. */
export const discoursResource: ResourceDef = {
  type: 'Discours',
  path: 'discours',
  table: 'discours',
  fields: {
    id: { column: 'id', kind: 'int' },
    name: { column: 'name', kind: 'text' },
    label: { column: 'label', kind: 'text' },
    seq: { column: 'seq', kind: 'int' },
    sequence: { column: 'sequence', kind: 'json' },
    origine: { column: 'origine', kind: 'text' },
    user: { column: 'user_id', kind: 'int' },
    created: { column: 'created', kind: 'timestamp' },
    lastModified: { column: 'last_modified', kind: 'timestamp' },
  },
  filters: ['id', 'user', 'name'],
  orderable: ['id', 'name', 'label', 'seq', 'lastModified'],
  searchable: ['name', 'label'],
  owner: 'user',
  defaultOrder: { field: 'seq', direction: 'asc' },
};
