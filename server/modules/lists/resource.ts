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
    doubleOptIn: { column: 'double_opt_in', kind: 'bool' },
    publicDefault: { column: 'public_default', kind: 'bool' },
    created: { column: 'created', kind: 'timestamp' },
    lastModified: { column: 'last_modified', kind: 'timestamp' },
  },
  filters: ['id', 'user', 'actif', 'subject', 'publicDefault'],
  orderable: ['id', 'subject', 'lastModified', 'created'],
  searchable: ['subject'],
  owner: 'user',
};

/**
 * A contact of a list ("grp_rcp"); soft-deleted contacts keep `actif: 0`, and so do those
 * `en attente` of their confirmation (double opt-in).
 */
export const grpRcpResource: ResourceDef = {
  type: 'GrpRcp',
  path: 'grp_rcps',
  table: 'grp_rcp',
  fields: {
    id: { column: 'id', kind: 'int' },
    email: { column: 'email', kind: 'text' },
    firstname: { column: 'firstname', kind: 'text' },
    lastname: { column: 'lastname', kind: 'text' },
    phone: { column: 'phone', kind: 'text' },
    grp: { column: 'grp_id', kind: 'int' },
    user: { column: 'user_id', kind: 'int' },
    origin: { column: 'origin', kind: 'text' },
    actif: { column: 'actif', kind: 'int' },
    status: { column: 'status', kind: 'text' },
    unsubscribedBy: { column: 'unsubscribed_by', kind: 'text' },
    statusChangedAt: { column: 'status_changed_at', kind: 'timestamp' },
    // Issue 37: the contact's fields (attribs.ts), filtered with `attribs[name]=value`.
    attribs: { column: 'attribs', kind: 'json' },
    created: { column: 'created', kind: 'timestamp' },
    lastModified: { column: 'last_modified', kind: 'timestamp' },
  },
  filters: ['id', 'grp', 'user', 'actif', 'email', 'origin', 'status'],
  attribFilter: 'attribs',
  orderable: ['id', 'email', 'firstname', 'lastname', 'phone', 'origin', 'status', 'created', 'lastModified'],
  searchable: ['email', 'firstname', 'lastname'],
  // Migration 0214_1: the three folded in one generated column.
  searchColumn: 'search_text',
  owner: 'user',
};
