/** A key/value item of an ordered sequence list (spec §3); `sequence` is its 1-based position. */
export interface SequenceItem {
  sequence: number;
  key: string;
  value: string;
  type: string;
  profil: string;
}

export type SequenceDraft = Omit<SequenceItem, 'sequence'>;

/** Appends an item at position count + 1 (spec §4). */
export function addSequenceItem(items: readonly SequenceItem[], draft: SequenceDraft): SequenceItem[] {
  return [...items, { ...draft, sequence: items.length + 1 }];
}

/** Removes the item at that position and renumbers the rest 1..n (spec §4). */
export function removeSequenceItem(items: readonly SequenceItem[], sequence: number): SequenceItem[] {
  return items.filter((item) => item.sequence !== sequence).map((item, index) => ({ ...item, sequence: index + 1 }));
}

/** Replaces the item whose sequence number matches (spec §4); others are untouched. */
export function updateSequenceItem(items: readonly SequenceItem[], updated: SequenceItem): SequenceItem[] {
  return items.map((item) => (item.sequence === updated.sequence ? { ...updated } : item));
}
