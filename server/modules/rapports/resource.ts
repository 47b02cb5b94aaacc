import type { ResourceDef } from '../../shared/hydra';

/** A bug report as the inbox lists it (admins only: `sender` is the owner field hydra asks for). */
export const rapportResource: ResourceDef = {
  type: 'Rapport',
  path: 'rapports',
  table: 'bug_report',
  fields: {
    id: { column: 'id', kind: 'int' },
    reference: { column: 'reference', kind: 'text' },
    status: { column: 'status', kind: 'text' },
    description: { column: 'description', kind: 'text' },
    route: { column: 'route', kind: 'text' },
    version: { column: 'version', kind: 'text' },
    commit: { column: 'commit', kind: 'text' },
    userAgent: { column: 'user_agent', kind: 'text' },
    hasErrors: { column: 'has_errors', kind: 'bool' },
    size: { column: 'size_bytes', kind: 'int' },
    sender: { column: 'sender_id', kind: 'int' },
    created: { column: 'created', kind: 'timestamp' },
    lastModified: { column: 'last_modified', kind: 'timestamp' },
  },
  filters: ['id', 'reference', 'status', 'hasErrors'],
  orderable: ['id', 'created', 'status', 'reference'],
  searchable: ['reference', 'description', 'route', 'userAgent'],
  owner: 'sender',
  defaultOrder: { field: 'created', direction: 'desc' },
};
