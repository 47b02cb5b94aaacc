import type { ResourceDef } from '../../shared/hydra';

export const categoryResource: ResourceDef = {
  type: 'Category',
  path: 'categories',
  table: 'category',
  fields: {
    id: { column: 'id', kind: 'int' },
    name: { column: 'name', kind: 'text' },
    label: { column: 'label', kind: 'text' },
    description: { column: 'description', kind: 'text' },
    user: { column: 'user_id', kind: 'int' },
    profil: { column: 'profil', kind: 'text' },
    societe: { column: 'societe', kind: 'text' },
    created: { column: 'created', kind: 'timestamp' },
    lastModified: { column: 'last_modified', kind: 'timestamp' },
  },
  filters: ['id', 'user', 'profil', 'societe', 'name'],
  orderable: ['id', 'name', 'label', 'description', 'lastModified'],
  searchable: ['name', 'label', 'description'],
  owner: 'user',
};
