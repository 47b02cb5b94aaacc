import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { useMarkSeenMutation } from '../api';
import { selectVisitorToken } from '../selectors';

/** Watching a video (opening its panel) marks it seen for the visitor: it leaves their 'Nouveautés'. */
export function useMarkWatched(videoId: string | null) {
  const token = useSelector(selectVisitorToken);
  const [markSeen] = useMarkSeenMutation();
  useEffect(() => {
    if (!token || !videoId || !/^[\w-]{11}$/.test(videoId)) return;
    markSeen({ token, video: videoId })
      .unwrap()
      .catch((error: unknown) => console.error('Mark watched failure', error));
  }, [token, videoId, markSeen]);
}
