import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { startSecondOf, TIME_PARAM, VIDEO_PARAM, videoIdOf } from './videoAddress';

/** Marks the history entries the panel pushed, so that closing goes Back rather than forward. */
interface OpenedState {
  videoPushed?: boolean;
}

/**
 * Which video the address opens (`?v=`) and at which second (`&t=`). Opening pushes an entry,
 * so Back closes the panel and a reload reopens it; closing an entry we pushed goes Back, and
 * closing one that came from outside (a shared link) drops the parameters in place.
 */
export function useOpenedVideo() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const videoId = videoIdOf(params);
  const startSecond = videoId ? startSecondOf(params) : null;

  const open = useCallback(
    (id: string) => {
      const next = new URLSearchParams(params);
      next.set(VIDEO_PARAM, id);
      next.delete(TIME_PARAM);
      // From one video to another the entry is replaced: Back still leaves the panel at once.
      const replace = videoIdOf(params) !== null;
      const pushed = replace ? (location.state as OpenedState | null)?.videoPushed : true;
      navigate({ search: `?${next.toString()}` }, { replace, state: { videoPushed: pushed } });
    },
    [params, navigate, location.state],
  );

  const close = useCallback(() => {
    if ((location.state as OpenedState | null)?.videoPushed) {
      navigate(-1);
      return;
    }
    const next = new URLSearchParams(params);
    next.delete(VIDEO_PARAM);
    next.delete(TIME_PARAM);
    const search = next.toString();
    navigate({ search: search ? `?${search}` : '' }, { replace: true });
  }, [params, navigate, location.state]);

  return { videoId, startSecond, open, close };
}
