import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import { formatPlaybackTime } from '../../../shared/lib/time';
import { PLAYBACK_POLL_MS, type PlaybackBridge } from './playback';
import { loadYouTubeIframeApi, PLAYER_HOST, type YouTubePlayer } from './youtubeIframeApi';

type Status = 'loading' | 'ready' | 'unavailable' | 'unplayable';

interface Props {
  videoId: string;
  /** A second to start at (a shared moment); null: the beginning. */
  startSecond?: number | null;
  width: number;
  height: number;
  /** Shown in the player's place when the IFrame API cannot load. */
  fallback: ReactNode;
  /** Where the panel reads the playback time and seeks. */
  bridge: PlaybackBridge;
}

/**
 * The YouTube player through the IFrame API. It reads the playback time every second and
 * keeps it here, in the component; `bridge` lets the panel read it and seek.
 */
export function VideoPlayer({ videoId, startSecond = null, width, height, fallback, bridge }: Props) {
  const hostRef = useRef<HTMLDivElement>(null);
  const playerRef = useRef<YouTubePlayer | null>(null);
  const secondRef = useRef(0);
  const [second, setSecond] = useState(0);
  const [status, setStatus] = useState<Status>('loading');

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let cancelled = false;
    let player: YouTubePlayer | null = null;
    // The API replaces its target with an iframe, so React must not own the target.
    const target = document.createElement('div');
    host.appendChild(target);
    loadYouTubeIframeApi().then(
      (YT) => {
        if (cancelled) return;
        player = new YT.Player(target, {
          width,
          height,
          videoId,
          // The privacy-enhanced host: YouTube sets no cookie until the visitor plays.
          host: PLAYER_HOST,
          playerVars: { playsinline: 1, rel: 0, origin: window.location.origin },
          events: {
            onReady: (event) => {
              if (cancelled) return;
              playerRef.current = event.target;
              if (startSecond !== null) {
                event.target.seekTo(startSecond, true);
                secondRef.current = startSecond;
                setSecond(startSecond);
              }
              setStatus('ready');
            },
            onStateChange: (event) => {
              // 2: paused, 0: ended (where the side saves the position).
              if (!cancelled && (event.data === 2 || event.data === 0)) bridge.paused();
            },
            onError: (event) => {
              if (cancelled) return;
              console.error('YouTube player error', event.data);
              setStatus('unplayable');
            },
          },
        });
      },
      (error) => {
        if (cancelled) return;
        console.error('YouTube player unavailable', error);
        setStatus('unavailable');
      },
    );
    return () => {
      cancelled = true;
      playerRef.current = null;
      player?.destroy();
      host.replaceChildren();
    };
  }, [videoId, startSecond, width, height, bridge]);

  useEffect(() => {
    if (status !== 'ready') return;
    const timer = setInterval(() => {
      const current = playerRef.current?.getCurrentTime();
      if (current === undefined || !Number.isFinite(current)) return;
      secondRef.current = Math.max(0, Math.floor(current));
      setSecond(secondRef.current);
    }, PLAYBACK_POLL_MS);
    return () => clearInterval(timer);
  }, [status]);

  useEffect(() => {
    bridge.attach({
      currentSecond: () => secondRef.current,
      seekTo: (seconds) => {
        const player = playerRef.current;
        if (!player) return false;
        player.seekTo(seconds, true);
        secondRef.current = seconds;
        setSecond(seconds);
        return true;
      },
      duration: () => {
        const seconds = playerRef.current?.getDuration();
        return seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
      },
    });
    return () => bridge.attach(null);
  }, [bridge]);

  return (
    <Box>
      {status === 'unavailable' && (
        <>
          <Alert severity="warning" sx={{ mb: 1 }}>
            {fr.videos.playerUnavailable}
          </Alert>
          {fallback}
        </>
      )}
      <Box
        ref={hostRef}
        sx={{
          display: status === 'unavailable' ? 'none' : 'block',
          width,
          maxWidth: '100%',
          aspectRatio: `${width} / ${height}`,
          bgcolor: 'common.black',
          '& iframe': { display: 'block', width: '100%', height: '100%', border: 0 },
        }}
      />
      {status === 'loading' && <LinearProgress aria-label={fr.videos.playerLoading} />}
      {status === 'unplayable' && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {fr.videos.videoUnplayable}
        </Alert>
      )}
      {status === 'ready' && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {fr.videos.position(formatPlaybackTime(second))}
        </Typography>
      )}
    </Box>
  );
}
