/** A note tied to a playback time (spec §3), kept in the browser. */
export interface Note {
  /** Unique among the video's notes. */
  id: number;
  /** Second of the video the note points at. */
  time: number;
  description: string;
  /** Whether the note's share links are open. */
  showShareOptions: boolean;
}

export interface NotesState {
  /** Each video's notes (by YouTube video id), in the order they were written. */
  byVideo: Record<string, Note[]>;
}

export interface NotesRootState {
  notes: NotesState;
}

/** What the notes need to know of the video they belong to. */
export interface NotedVideo {
  /** YouTube's video id. */
  id: string;
  title: string;
  /**
   * The address shares carry, at a second when given: the product's page of the video or
   * YouTube's (SHARE_LINKS); YouTube's short link when the page gives none.
   */
  shareLink?: (seconds?: number) => string;
}
