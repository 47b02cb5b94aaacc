import { useState } from 'react';
import type { RecordRouting } from '../lib/recordRouting';

/** A section's routing kept in the component, for a section shown without addresses (tests, embeds). */
export function useLocalRouting(given?: RecordRouting): RecordRouting {
  const [open, setOpen] = useState<{ id: number; tab?: string } | null>(null);
  if (given) return given;
  return {
    openId: open?.id ?? null,
    tab: open?.tab,
    href: (id) => `#${id}`,
    open: (id) => setOpen({ id }),
    setTab: (id, tab) => setOpen({ id, tab }),
    close: () => setOpen(null),
  };
}
