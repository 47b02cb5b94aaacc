import type { SequenceItem } from '../../shared/lib/sequence';

/** A speech ("discours", spec §3): named talking points as an ordered key/value sequence. */
export interface Discours {
  id: number;
  name: string;
  label: string;
  seq: number;
  sequence: SequenceItem[];
  origine: string;
  lastModified: string;
  user: number;
}

export type DiscoursDraft = Pick<Discours, 'name' | 'label' | 'sequence'>;
