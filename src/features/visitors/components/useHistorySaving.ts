import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { apiUrl } from '../../../shared/config/hosts';
import { useSaveHistoryMutation } from '../spaceApi';
import { selectVisitorToken } from '../selectors';
import { positionToSave, SAVE_EVERY_MS, type Position } from './historySaving';

/** What the hook reads of the panel's player (the player object itself stays in its component). */
export interface PlaybackReader {
  currentSecond(): number;
  duration(): number;
  onPause(listener: () => void): () => void;
}

const SAMPLE_MS = 1000;

/**
 * Saves where the visitor is in the video (issue 42): every 10 s while it plays, when it pauses
 * or ends, when the panel closes and when the page is left. Positions are read every second and
 * the last one kept, so the panel closing after its player went still saves where it stood.
 * Only for a visitor with a space and a video of the product's lists (`videoId` null otherwise).
 */
export function useHistorySaving(videoId: string | null, playback: PlaybackReader) {
  const token = useSelector(selectVisitorToken);
  const [save] = useSaveHistoryMutation();

  useEffect(() => {
    if (!token || !videoId) return undefined;
    let latest: Position | null = null;
    let lastSaved: number | null = null;
    const sample = () => {
      const duration = playback.duration();
      const position = playback.currentSecond();
      if (duration > 0 && position > 0) latest = { position, duration };
    };
    const flush = (final: boolean) => {
      const next = positionToSave(latest, lastSaved);
      if (!next) return;
      lastSaved = next.position;
      save({ token, videoId, ...next, final })
        .unwrap()
        .catch((error: unknown) => console.error('History save failure', error));
    };
    // Leaving the page: a request that outlives it (the store's would be cut).
    const leave = () => {
      sample();
      const next = positionToSave(latest, lastSaved);
      if (!next) return;
      lastSaved = next.position;
      void fetch(apiUrl(`/visitor/history/${encodeURIComponent(videoId)}`), {
        method: 'PUT',
        keepalive: true,
        headers: { 'content-type': 'application/json', 'x-visitor-token': token },
        body: JSON.stringify(next),
      }).catch(() => undefined);
    };
    const sampler = setInterval(sample, SAMPLE_MS);
    const saver = setInterval(() => flush(false), SAVE_EVERY_MS);
    const stopListening = playback.onPause(() => {
      sample();
      flush(true);
    });
    window.addEventListener('pagehide', leave);
    return () => {
      clearInterval(sampler);
      clearInterval(saver);
      stopListening();
      window.removeEventListener('pagehide', leave);
      sample();
      flush(true);
    };
  }, [token, videoId, playback, save]);
}
