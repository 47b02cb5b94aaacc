import type { ResourceDef } from '../../shared/hydra';

export const userResource: ResourceDef = {
  type: 'User',
  path: 'users',
  table: 'app_user',
  fields: {
    id: { column: 'id', kind: 'int' },
    email: { column: 'email', kind: 'text' },
    roles: { column: 'roles', kind: 'json' },
    created: { column: 'created', kind: 'timestamp' },
    lastModified: { column: 'last_modified', kind: 'timestamp' },
  },
  filters: ['id', 'email'],
  orderable: ['id', 'email', 'created'],
  searchable: ['email'],
  owner: 'id',
};
