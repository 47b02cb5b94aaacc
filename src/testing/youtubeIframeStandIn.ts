/** What tests read and drive of the stand-in's players. */
export interface YouTubeStandInControls {
  players: { videoId: string; time: number; seeks: number[] }[];
  /** Sets the playback time every player answers. */
  setTime(seconds: number): void;
}

declare global {
  interface Window {
    __youtubeStandIn?: YouTubeStandInControls;
  }
}

/**
 * A stand-in of YouTube's IFrame API (https://www.youtube.com/iframe_api): `YT.Player`
 * replaces its target with an embed iframe and calls `onReady` later, as the real one does;
 * `getCurrentTime` answers the time tests set and `seekTo` moves it. It ends as the real
 * script does, by calling `onYouTubeIframeAPIReady`.
 *
 * Self-contained on purpose: browser tests send its source as the script's body.
 */
export function installYouTubeIframeStandIn(): void {
  interface Options {
    width: number;
    height: number;
    videoId: string;
    host?: string;
    events?: { onReady?: (event: { target: unknown }) => void };
  }
  const controls: YouTubeStandInControls = {
    players: [],
    setTime(seconds) {
      controls.players.forEach((player) => (player.time = seconds));
    },
  };
  function Player(this: Record<string, unknown>, element: HTMLElement, options: Options) {
    const iframe = document.createElement('iframe');
    iframe.src = `${options.host ?? 'https://www.youtube.com'}/embed/${options.videoId}?enablejsapi=1`;
    iframe.title = 'YouTube video player';
    iframe.width = String(options.width);
    iframe.height = String(options.height);
    element.replaceWith(iframe);
    const state = { videoId: options.videoId, time: 0, seeks: [] as number[] };
    controls.players.push(state);
    this.getCurrentTime = () => state.time;
    this.seekTo = (seconds: number) => {
      state.time = seconds;
      state.seeks.push(seconds);
    };
    this.destroy = () => {
      iframe.remove();
      controls.players.splice(controls.players.indexOf(state), 1);
    };
    setTimeout(() => options.events?.onReady?.({ target: this }), 10);
  }
  window.__youtubeStandIn = controls;
  (window as unknown as { YT: unknown }).YT = { Player };
  window.onYouTubeIframeAPIReady?.();
}

/** Takes the stand-in off the window (web tests, between tests). */
export function removeYouTubeIframeStandIn(): void {
  delete window.YT;
  delete window.__youtubeStandIn;
}
