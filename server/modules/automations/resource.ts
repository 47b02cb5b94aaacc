import type { ResourceDef } from '../../shared/hydra';

/** An automation (docs/architecture.md, «Automations»): a trigger, an entry policy and ordered steps, owned like lists. */
export const automationResource: ResourceDef = {
  type: 'Automation',
  path: 'automations',
  table: 'automation',
  fields: {
    id: { column: 'id', kind: 'int' },
    name: { column: 'name', kind: 'text' },
    status: { column: 'status', kind: 'text' },
    trigger: { column: 'trigger', kind: 'json' },
    entry: { column: 'entry', kind: 'text' },
    steps: { column: 'steps', kind: 'json' },
    user: { column: 'user_id', kind: 'int' },
    activatedAt: { column: 'activated_at', kind: 'timestamp' },
    created: { column: 'created', kind: 'timestamp' },
    lastModified: { column: 'last_modified', kind: 'timestamp' },
  },
  filters: ['id', 'user', 'status'],
  orderable: ['id', 'name', 'status', 'created', 'lastModified'],
  searchable: ['name'],
  owner: 'user',
};

export interface Step {
  id?: number;
  delivery: number;
  delayMinutes: number;
  window: { days: number[]; from: string; to: string } | null;
  condition: 'toujours' | 'non ouvert' | 'non cliqué';
  /** Only the contacts in this segment get the step; the others' is skipped (issue 37). */
  segment?: number | null;
}
