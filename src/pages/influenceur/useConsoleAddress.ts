import { useCallback, useMemo } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router-dom';

export const CONSOLE_PATH = '/influenceur';

/** The console's record kinds and their address segment (docs/architecture.md, «Console addresses»). */
export type RecordSegment = 'listes' | 'modeles' | 'destinataires' | 'automatisations';

interface OpenedState {
  /** Set when the console itself pushed the address: closing goes Back to where it was. */
  opened?: boolean;
}

/**
 * The record (and tab) the address opens under `/influenceur/{segment}/{id}[/{tab}]`:
 * opening pushes the address, choosing a tab replaces it, closing goes back (or, after a
 * reload or a shared link, to the console), so Back closes what is open.
 */
export function useConsoleAddress(segment: RecordSegment) {
  const location = useLocation();
  const navigate = useNavigate();
  const match = matchPath(`${CONSOLE_PATH}/${segment}/:id/:tab?`, location.pathname);
  const raw = match?.params.id;
  // A malformed id opens as an id no record has: the editor says "introuvable".
  const openId = raw === undefined ? null : /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  const tab = match?.params.tab;
  const opened = (location.state as OpenedState | null)?.opened === true;

  const href = useCallback((id: number) => `${CONSOLE_PATH}/${segment}/${id}`, [segment]);
  const open = useCallback((id: number) => navigate(href(id), { state: { opened: true } }), [navigate, href]);
  const setTab = useCallback(
    (id: number, next: string) => navigate(`${href(id)}/${next}`, { replace: true, state: { opened } }),
    [navigate, href, opened],
  );
  const close = useCallback(() => {
    if (opened) navigate(-1);
    else navigate(CONSOLE_PATH, { replace: true });
  }, [navigate, opened]);

  return useMemo(() => ({ openId, tab, href, open, setTab, close }), [openId, tab, href, open, setTab, close]);
}
