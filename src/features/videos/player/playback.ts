/**
 * What the panel's side may ask of the player. The player object itself stays in the
 * player component, never in the store.
 */
export interface PlaybackControl {
  /** The playback second last read (read every second); 0 when no player plays. */
  currentSecond(): number;
  /** Moves the player to that second; false when there is no player to move. */
  seekTo(seconds: number): boolean;
}

/** Spec §4 and §9: the playback time is read every second. */
export const PLAYBACK_POLL_MS = 1000;

/**
 * The panel's stable handle on whichever player is mounted: the player attaches itself
 * and detaches when it goes.
 */
export class PlaybackBridge implements PlaybackControl {
  private player: PlaybackControl | null = null;

  readonly attach = (player: PlaybackControl | null) => {
    this.player = player;
  };

  readonly currentSecond = () => this.player?.currentSecond() ?? 0;

  readonly seekTo = (seconds: number) => this.player?.seekTo(seconds) ?? false;
}
