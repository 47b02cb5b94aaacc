import type { ResourceDef } from '../../shared/hydra';

/** A user's API token as listed: never its text nor its hash. */
export const tokenResource: ResourceDef = {
  type: 'ApiToken',
  path: 'tokens',
  table: 'api_token',
  fields: {
    id: { column: 'id', kind: 'int' },
    name: { column: 'name', kind: 'text' },
    scopes: { column: 'scopes', kind: 'json' },
    created: { column: 'created', kind: 'timestamp' },
    expiresAt: { column: 'expires_at', kind: 'timestamp' },
    lastUsedAt: { column: 'last_used_at', kind: 'timestamp' },
    user: { column: 'user_id', kind: 'int' },
  },
  filters: ['name', 'user'],
  orderable: ['id', 'name', 'created'],
  owner: 'user',
  defaultOrder: { field: 'created', direction: 'desc' },
};
