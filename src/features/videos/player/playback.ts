/**
 * What the panel's side may ask of the player. The player object itself stays in the
 * player component, never in the store.
 */
export interface PlaybackControl {
  /** The playback second last read (read every second); 0 when no player plays. */
  currentSecond(): number;
  /** Moves the player to that second; false when there is no player to move. */
  seekTo(seconds: number): boolean;
  /** The video's length in seconds; 0 while unknown or when no player plays. */
  duration(): number;
  /** Calls `listener` whenever playback pauses or ends; answers how to stop listening. */
  onPause(listener: () => void): () => void;
}

/** What a mounted player gives the bridge. */
export type AttachedPlayer = Pick<PlaybackControl, 'currentSecond' | 'seekTo' | 'duration'>;

/** Spec §4 and §9: the playback time is read every second. */
export const PLAYBACK_POLL_MS = 1000;

/**
 * The panel's stable handle on whichever player is mounted: the player attaches itself
 * and detaches when it goes.
 */
export class PlaybackBridge implements PlaybackControl {
  private player: AttachedPlayer | null = null;
  private readonly pauseListeners = new Set<() => void>();

  readonly attach = (player: AttachedPlayer | null) => {
    this.player = player;
  };

  readonly currentSecond = () => this.player?.currentSecond() ?? 0;

  readonly seekTo = (seconds: number) => this.player?.seekTo(seconds) ?? false;

  readonly duration = () => this.player?.duration() ?? 0;

  readonly onPause = (listener: () => void) => {
    this.pauseListeners.add(listener);
    return () => {
      this.pauseListeners.delete(listener);
    };
  };

  /** The player says playback paused or ended. */
  readonly paused = () => this.pauseListeners.forEach((listener) => listener());
}
