import { Suspense, useCallback, useRef, useState } from 'react';
import { lazyPart, useOpenedOnce } from '../../shared/ui/lazyPart';

// Loaded when first asked for: most visits never rate a video.
const EmailPopin = lazyPart(() => import('../../features/visitors/components/EmailPopin').then((m) => m.EmailPopin));

/**
 * Asks the visitor for their e-mail through the email popin: `requestEmail()` opens it and
 * resolves with the saved e-mail, or null when the popin is closed without one.
 */
export function useEmailRequest() {
  const pending = useRef<((email: string | null) => void) | null>(null);
  const [open, setOpen] = useState(false);

  const settle = (email: string | null) => {
    pending.current?.(email);
    pending.current = null;
    setOpen(false);
  };

  const requestEmail = useCallback(
    () =>
      new Promise<string | null>((resolve) => {
        pending.current?.(null);
        pending.current = resolve;
        setOpen(true);
      }),
    [],
  );

  const opened = useOpenedOnce(open);
  const emailPopin = opened && (
    <Suspense fallback={null}>
      <EmailPopin open={open} onClose={() => settle(null)} onSaved={settle} />
    </Suspense>
  );
  return { requestEmail, emailPopin };
}
