import { useCallback, useMemo, useState } from 'react';
import { toDraft, type DeliveryDraft } from '../draft';
import type { Delivery } from '../types';
import { DATA_KEY } from './tabs/DataTab';

export interface WorkingCopy {
  draft: DeliveryDraft;
  change: (patch: Partial<DeliveryDraft>) => void;
  /** It differs from the saved version. */
  dirty: boolean;
  /** Every data key is one `{{key}}` can name. */
  valid: boolean;
}

const versionOf = (delivery: Delivery) => `${delivery.id}:${delivery.version}:${delivery.lastModified}`;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The working copy on a newly saved record: what the operator changed since `base` stays as
 * typed where `next` left it as `base` had it; everything else is `next`'s. After our own save
 * that is `next` itself; after a write of some fields only (planning records the frequency and
 * list), the other fields' unsaved edits are kept. `properties` merges key by key.
 */
export function rebase(draft: DeliveryDraft, base: DeliveryDraft, next: DeliveryDraft): DeliveryDraft {
  const result = keep(draft, base, next);
  // Assigned in place: the key keeps `next`'s order, which the dirty check's JSON compares.
  if (draft.properties && base.properties && next.properties) result.properties = keep(draft.properties, base.properties, next.properties);
  return result;
}

/** `now`, with the keys `mine` changed from `was` that `now` left as they were (in `now`'s key order). */
function keep<T extends object>(mine: T, was: T, now: T): T {
  const result = { ...now } as Record<string, unknown>;
  const [typed, before] = [mine as Record<string, unknown>, was as Record<string, unknown>];
  for (const key of new Set([...Object.keys(typed), ...Object.keys(before)])) {
    if (same(typed[key], before[key]) || !same(result[key], before[key])) continue;
    if (typed[key] === undefined) delete result[key];
    else result[key] = typed[key];
  }
  return result as T;
}

/**
 * The editor's working copy of a delivery, held above its tabs so that a tab's panel can be
 * unmounted without losing what was typed in it. Each saved version (ours, or one a refetch
 * brings) starts it afresh, keeping the edits it does not touch (`rebase`): the state is reset
 * here rather than by remounting a keyed form, because the dialog around it, its open tab and
 * its focused button must stay as they are.
 */
export function useWorkingCopy(delivery: Delivery | undefined): WorkingCopy | null {
  const version = delivery ? versionOf(delivery) : null;
  const saved = useMemo(() => (delivery ? toDraft(delivery) : null), [delivery]);
  const [copy, setCopy] = useState({ version, base: saved, draft: saved });
  // React's "adjust state when a prop changes": this render restarts at once with the new copy.
  if (copy.version !== version) {
    const rebased = copy.draft && copy.base && saved && copy.base.id === saved.id ? rebase(copy.draft, copy.base, saved) : saved;
    setCopy({ version, base: saved, draft: rebased });
  }
  const draft = copy.version === version ? copy.draft : saved;
  const change = useCallback(
    (patch: Partial<DeliveryDraft>) =>
      setCopy((previous) => (previous.draft ? { ...previous, draft: { ...previous.draft, ...patch } } : previous)),
    [],
  );
  if (!draft || !saved) return null;
  return {
    draft,
    change,
    dirty: JSON.stringify(draft) !== JSON.stringify(saved),
    valid: (draft.properties.data ?? []).every((item) => DATA_KEY.test(item.key)),
  };
}
