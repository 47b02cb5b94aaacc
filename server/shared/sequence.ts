import { Type } from '@sinclair/typebox';

/** The key/value sequence item of spec §3, kept 1..n in order. */
export const SequenceItem = Type.Object(
  {
    sequence: Type.Integer({ minimum: 1, maximum: 10_000 }),
    key: Type.String({ maxLength: 200 }),
    value: Type.String({ maxLength: 10_000 }),
    type: Type.String({ maxLength: 50 }),
    profil: Type.String({ maxLength: 50 }),
  },
  { additionalProperties: false },
);

/** A stored sequence: the list a record carries (lists, speeches, templates). */
export const Sequence = Type.Array(SequenceItem, { maxItems: 500 });

interface StoredItem {
  sequence?: unknown;
  key?: unknown;
  value?: unknown;
  [other: string]: unknown;
}

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/**
 * A sequence in its clean form: items with neither key nor value dropped, the rest kept in
 * their order and renumbered 1..n (spec §4's rule, applied to what is already stored).
 */
export function cleanSequence(items: unknown): { items: StoredItem[]; dropped: number } {
  const list = Array.isArray(items) ? (items as StoredItem[]) : [];
  const kept = list
    .filter((item) => item !== null && typeof item === 'object' && !(blank(item.key) && blank(item.value)))
    .sort((a, b) => Number(a.sequence ?? 0) - Number(b.sequence ?? 0))
    .map((item, index) => ({ ...item, sequence: index + 1 }));
  return { items: kept, dropped: list.length - kept.length };
}
