export type AutomationStatus = 'brouillon' | 'active' | 'en pause';
export type EntryPolicy = 'une fois' | 'à chaque entrée';
export type StepCondition = 'toujours' | 'non ouvert' | 'non cliqué';

export interface StepWindow {
  days: number[];
  from: string;
  to: string;
}

/** A step as written (docs/architecture.md, «Automations»); `id` once stored. */
export interface Step {
  id?: number;
  delivery: number;
  delayMinutes: number;
  window: StepWindow | null;
  condition: StepCondition;
}

export interface StepFigures {
  waiting: number;
  sent: number;
  failed: number;
  opened: number;
  clicked: number;
  unsubscribed: number;
  skipped: number;
}

export interface Automation {
  id: number;
  name: string;
  status: AutomationStatus;
  trigger: { type: 'liste'; grp: number };
  entry: EntryPolicy;
  steps: (Step & Partial<StepFigures>)[];
  user: number;
  activatedAt: string | null;
  lastModified?: string;
  /** Item GET only: active contacts of the list who would enter if let in now. */
  wouldEnter?: number;
}

export interface AutomationDraft {
  name: string;
  trigger: { type: 'liste'; grp: number };
  entry: EntryPolicy;
  steps: Step[];
}

export interface TimelineEvent {
  type: string;
  at: string | null;
  step: number | null;
}

export interface ContactTimeline {
  contact: { id: number; email: string; status: string };
  entries: { entry: number; enteredAt: string; state: string; events: TimelineEvent[] }[];
}

/** A record the editor offers to choose (a list, a template). */
export interface Option {
  id: number;
  label: string;
}
