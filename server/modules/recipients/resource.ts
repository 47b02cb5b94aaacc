import type { ResourceDef } from '../../shared/hydra';

/** A recipient (influencer) of an operator; its token lets the recipient edit their own record. */
export const recipientResource: ResourceDef = {
  type: 'Recipient',
  path: 'recipients',
  table: 'recipient',
  fields: {
    id: { column: 'id', kind: 'int' },
    token: { column: 'token', kind: 'text' },
    email: { column: 'email', kind: 'text' },
    firstname: { column: 'firstname', kind: 'text' },
    lastname: { column: 'lastname', kind: 'text' },
    phone: { column: 'phone', kind: 'text' },
    youtubename: { column: 'youtubename', kind: 'text' },
    twittername: { column: 'twittername', kind: 'text' },
    url: { column: 'url', kind: 'text' },
    add_url: { column: 'add_url', kind: 'text' },
    origin: { column: 'origin', kind: 'text' },
    actif: { column: 'actif', kind: 'int' },
    user: { column: 'user_id', kind: 'int' },
    created: { column: 'created', kind: 'timestamp' },
    lastModified: { column: 'last_modified', kind: 'timestamp' },
  },
  filters: ['id', 'user', 'email', 'origin', 'actif'],
  orderable: ['id', 'email', 'firstname', 'lastname', 'phone', 'youtubename', 'twittername', 'origin', 'created', 'lastModified'],
  searchable: ['email', 'firstname', 'lastname', 'youtubename', 'twittername'],
  owner: 'user',
  defaultOrder: { field: 'created', direction: 'desc' },
};
