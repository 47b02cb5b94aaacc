import type { SequenceItem } from '../../shared/lib/sequence';
import type { EditorBlock } from './blocks/types';

export interface DataItem {
  key: string;
  value: string;
}

/** What a delivery keeps in `properties`: its sequence, personalisation data, language and list. */
export interface DeliveryProperties {
  sequence?: SequenceItem[];
  data?: DataItem[];
  lang?: string;
  listId?: number;
  /** Opens and clicks are tracked in this template's sends (off by default). */
  tracking?: boolean;
  /** No public page of its sends, no "Voir dans le navigateur" link (issue 40). */
  private?: boolean;
}

/** A template's planned sends (Diffusion's frequency), as GET /api/schedules answers them. */
export interface Schedule {
  id: number;
  delivery: number;
  list: number;
  frequency: 'unique' | 'quotidienne' | 'hebdomadaire' | 'mensuelle';
  firstAt: string;
  timezone: string;
  nextAt: string | null;
  active: 0 | 1;
  lastError: string | null;
}

/** An occurrence of a schedule, as `GET /api/schedules/{id}` lists it (issue 40): sent, or skipped and why. */
export interface ScheduleOccurrence {
  occurrenceAt: string;
  status: 'sent' | 'skipped';
  reason: string | null;
  send: string | null;
}

/** A variable every message can use, as `GET /api/email/variables` answers it (docs/templates.md, «Variables»). */
export interface MessageVariable {
  name: string;
  /** `attribut`: one of the contacts' attributes (`attribs.ville`), or `attribs` itself (the list of them); `bloc`: a block of content. */
  group: 'contact' | 'lien' | 'attribut' | 'bloc';
  label: string;
  example: string;
  /** What to insert when more than `{{name}}` (a block with its parameters). */
  insert?: string;
}

/** A starting point of « Nouveau modèle », as `GET /api/delivery/starters` answers it (its codes in clear). */
export interface Starter {
  id: string;
  label: string;
  description: string;
  subject: string;
  html: string;
  text: string;
  amp: string;
  /** The same message as blocks of the « Blocs » mode. */
  blocks?: EditorBlock[];
}

/** A newsletter template (spec §3); codeHtml and codeText are lists of base64 strings. */
export interface Delivery {
  id: number;
  user: number;
  societe: string;
  actif: 0 | 1;
  profil: string;
  category: string;
  label: string;
  version: number;
  internalname: string;
  subject: string;
  frequence: string;
  goal: string;
  channel: string;
  typedel: string;
  msg: string;
  properties: DeliveryProperties;
  origin: string;
  description: string;
  codeAmp: string;
  codeHtml: string[];
  codeText: string[];
  /** The blocks of the « Blocs » mode that wrote its code; null (or absent in older versions) when written in code. */
  blocks?: EditorBlock[] | null;
  created?: string;
  lastModified: string;
}

/** One fault of an AMP code against the AMP4EMAIL rules, as the server answers it (1-based line and column). */
export interface AmpError {
  line: number;
  column: number;
  rule: string;
  message: string;
}

/** The AMP errors a save or a MEP was refused with, and the code they were found in. */
export interface AmpRefusal {
  code: string;
  errors: AmpError[];
}

/** One version of a delivery, as `deliveryAll` answers it. */
export interface DeliveryVersion extends Delivery {
  publishedAt: string | null;
}

export type SendStatus = 'scheduled' | 'running' | 'paused' | 'cancelled' | 'completed';

export interface Send {
  id: number;
  delivery: number;
  list: number;
  version: number;
  label: string;
  listSubject: string;
  status: SendStatus;
  total: number;
  sent: number;
  failed: number;
  pending: number;
  skipped: number;
  cancelled: number;
  created: string;
  finishedAt: string | null;
  /** When a planned send goes (status 'scheduled'). */
  sendAt?: string | null;
  failures?: { email: string; reason: string }[];
}

export interface Preview {
  subject: string;
  html: string;
  text: string;
  amp: string;
  missing: string[];
}

/** The content the preview and the BAT take: the editor's, saved or not. */
export type DeliveryContent = Pick<Delivery, 'subject' | 'label' | 'codeHtml' | 'codeText' | 'codeAmp' | 'properties'>;
