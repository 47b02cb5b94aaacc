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
    /** Set while the invitation waits: the person has chosen no password yet. */
    invitedAt: { column: 'invited_at', kind: 'timestamp' },
    /** Set once deactivated: no session, no token, no sign-in; their rows stay. */
    deactivatedAt: { column: 'deactivated_at', kind: 'timestamp' },
  },
  filters: ['id', 'email'],
  orderable: ['id', 'email', 'created'],
  searchable: ['email'],
  owner: 'id',
};
