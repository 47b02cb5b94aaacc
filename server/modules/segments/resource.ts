import type { ResourceDef } from '../../shared/hydra';

/** A segment: an owner's rules over the contacts of a list, or of all their lists (`grp` null). */
export const segmentResource: ResourceDef = {
  type: 'Segment',
  path: 'segments',
  table: 'segment',
  fields: {
    id: { column: 'id', kind: 'int' },
    name: { column: 'name', kind: 'text' },
    grp: { column: 'grp_id', kind: 'int' },
    match: { column: 'match', kind: 'text', values: ['tous', 'au moins un'] },
    rules: { column: 'rules', kind: 'json' },
    user: { column: 'user_id', kind: 'int' },
    created: { column: 'created', kind: 'timestamp' },
    lastModified: { column: 'last_modified', kind: 'timestamp' },
  },
  filters: ['id', 'user', 'grp', 'name'],
  orderable: ['id', 'name', 'created', 'lastModified'],
  searchable: ['name'],
  owner: 'user',
  defaultOrder: { field: 'id', direction: 'desc' },
};
