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

/**
 * The editor's working copy of a delivery, held above its tabs so that a tab's panel can be
 * unmounted without losing what was typed in it. Each saved version (ours, or one a refetch
 * brings) starts it afresh: the state is reset here rather than by remounting a keyed form,
 * because the dialog around it, its open tab and its focused button must stay as they are.
 */
export function useWorkingCopy(delivery: Delivery | undefined): WorkingCopy | null {
  const version = delivery ? versionOf(delivery) : null;
  const saved = useMemo(() => (delivery ? toDraft(delivery) : null), [delivery]);
  const [copy, setCopy] = useState({ version, draft: saved });
  // React's "adjust state when a prop changes": this render restarts at once with the new copy.
  if (copy.version !== version) setCopy({ version, draft: saved });
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
