/**
 * The part of YouTube's IFrame API the panel uses
 * (https://developers.google.com/youtube/iframe_api_reference), and its loader.
 */
export interface YouTubePlayer {
  getCurrentTime(): number;
  /** The video's length in seconds; 0 until the video's data is known. */
  getDuration(): number;
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  destroy(): void;
}

export interface YouTubePlayerOptions {
  width: number;
  height: number;
  videoId: string;
  /** Where the player's iframe loads from (https://www.youtube.com by default). */
  host?: string;
  playerVars?: Record<string, string | number>;
  events?: {
    onReady?: (event: { target: YouTubePlayer }) => void;
    /** 2, 5, 100, 101 or 150: the video cannot be played here. */
    onError?: (event: { data: number }) => void;
    /** -1 unstarted, 0 ended, 1 playing, 2 paused, 3 buffering, 5 cued. */
    onStateChange?: (event: { data: number }) => void;
  };
}

export interface YouTubeIframeApi {
  Player: new (element: HTMLElement, options: YouTubePlayerOptions) => YouTubePlayer;
}

declare global {
  interface Window {
    YT?: Partial<YouTubeIframeApi>;
    /** The IFrame API calls it once `YT.Player` can be used. */
    onYouTubeIframeAPIReady?: () => void;
  }
}

export const IFRAME_API_URL = 'https://www.youtube.com/iframe_api';
/** YouTube's privacy-enhanced mode: the embed sets no cookie before playing. */
export const PLAYER_HOST = 'https://www.youtube-nocookie.com';
const LOAD_TIMEOUT_MS = 15_000;

let loading: Promise<YouTubeIframeApi> | null = null;

const readyApi = () => (window.YT?.Player ? (window.YT as YouTubeIframeApi) : null);

/**
 * Loads the IFrame API script once for the page. It rejects when the script cannot load
 * (offline, blocked) or never gets ready; a later call then tries again.
 */
export function loadYouTubeIframeApi(): Promise<YouTubeIframeApi> {
  const ready = readyApi();
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<YouTubeIframeApi>((resolve, reject) => {
    const script = document.createElement('script');
    const previous = window.onYouTubeIframeAPIReady;
    // A late script of a failed attempt must not settle or reset a newer one.
    let settled = false;
    const fail = (reason: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      script.remove();
      loading = null;
      reject(new Error(reason));
    };
    const timer = setTimeout(() => fail('the YouTube IFrame API did not get ready in time'), LOAD_TIMEOUT_MS);
    window.onYouTubeIframeAPIReady = () => {
      previous?.();
      const api = readyApi();
      if (!api) return fail('the YouTube IFrame API has no Player');
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(api);
    };
    script.src = IFRAME_API_URL;
    script.async = true;
    script.onerror = () => fail('the YouTube IFrame API script did not load');
    document.head.appendChild(script);
  });
  return loading;
}
