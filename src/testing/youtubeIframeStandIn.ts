/** What tests read and drive of the stand-in's players. */
export interface YouTubeStandInControls {
  players: { videoId: string; time: number; duration: number; seeks: number[]; changeState(state: number): void }[];
  /** Sets the playback time every player answers. */
  setTime(seconds: number): void;
  /** Sets the length every player answers (600 s unless set). */
  setDuration(seconds: number): void;
  /** Every player's state becomes `state` (2: paused, 0: ended), as its onStateChange hears. */
  setState(state: number): void;
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
    events?: { onReady?: (event: { target: unknown }) => void; onStateChange?: (event: { data: number }) => void };
  }
  const controls: YouTubeStandInControls = {
    players: [],
    setTime(seconds) {
      controls.players.forEach((player) => (player.time = seconds));
    },
    setDuration(seconds) {
      controls.players.forEach((player) => (player.duration = seconds));
    },
    setState(state) {
      controls.players.forEach((player) => player.changeState(state));
    },
  };
  function Player(this: Record<string, unknown>, element: HTMLElement, options: Options) {
    const iframe = document.createElement('iframe');
    iframe.src = `${options.host ?? 'https://www.youtube.com'}/embed/${options.videoId}?enablejsapi=1`;
    iframe.title = 'YouTube video player';
    iframe.width = String(options.width);
    iframe.height = String(options.height);
    element.replaceWith(iframe);
    const state = {
      videoId: options.videoId,
      time: 0,
      duration: 600,
      seeks: [] as number[],
      changeState: (data: number) => options.events?.onStateChange?.({ data }),
    };
    controls.players.push(state);
    this.getCurrentTime = () => state.time;
    this.getDuration = () => state.duration;
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
