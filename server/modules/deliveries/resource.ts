import type { ResourceDef } from '../../shared/hydra';

/** A newsletter template ("delivery", spec §3); versions are kept in delivery_version. */
export const deliveryResource: ResourceDef = {
  type: 'Delivery',
  path: 'deliveries',
  table: 'delivery',
  fields: {
    id: { column: 'id', kind: 'int' },
    user: { column: 'user_id', kind: 'int' },
    societe: { column: 'societe', kind: 'text' },
    actif: { column: 'actif', kind: 'int' },
    profil: { column: 'profil', kind: 'text' },
    category: { column: 'category', kind: 'text' },
    label: { column: 'label', kind: 'text' },
    version: { column: 'version', kind: 'int' },
    internalname: { column: 'internalname', kind: 'text' },
    subject: { column: 'subject', kind: 'text' },
    frequence: { column: 'frequence', kind: 'text' },
    goal: { column: 'goal', kind: 'text' },
    channel: { column: 'channel', kind: 'text' },
    typedel: { column: 'typedel', kind: 'text' },
    msg: { column: 'msg', kind: 'text' },
    properties: { column: 'properties', kind: 'json' },
    origin: { column: 'origin', kind: 'text' },
    description: { column: 'description', kind: 'text' },
    codeAmp: { column: 'code_amp', kind: 'text' },
    codeHtml: { column: 'code_html', kind: 'json' },
    codeText: { column: 'code_text', kind: 'json' },
    blocks: { column: 'blocks', kind: 'json' },
    created: { column: 'created', kind: 'timestamp' },
    lastModified: { column: 'last_modified', kind: 'timestamp' },
  },
  filters: ['id', 'user', 'profil', 'actif', 'category', 'internalname', 'societe'],
  orderable: ['version', 'id', 'label', 'lastModified'],
  owner: 'user',
};

/** A delivery as its fields come back from the database. */
export interface DeliveryRow {
  id: number;
  user: number;
  actif: number;
  version: number;
  internalname: string;
  label: string;
  subject: string;
  properties: DeliveryProperties;
  codeAmp: string;
  codeHtml: string[];
  codeText: string[];
  [field: string]: unknown;
}

/** What a delivery keeps in `properties`: its sequence, personalisation data and language. */
export interface DeliveryProperties {
  sequence?: { sequence: number; key: string; value: string; type: string; profil: string }[];
  data?: { key: string; value: string }[];
  lang?: string;
  listId?: number;
  tracking?: boolean;
  /** No public page of its sends, no "Voir dans le navigateur" link (issue 40). */
  private?: boolean;
}
