import type { Chaine } from '../../shared/api';

export type { Chaine };

/** A video as the API answers it (spec §3). */
export interface Video {
  /** YouTube's video id. */
  id: string;
  youtube_titre: string;
  /** The creator's name. */
  youtube_name: string;
  /** The creator's channel page. */
  youtube_lien: string;
  img_lien?: string | null;
  created: string;
  youtube_nb_vue: number;
  /** The video's page. */
  url: string;
  /** YouTube's channel id, to follow the creator. */
  channelId: string;
  theme: string;
}

/** A creator featured on the home cards: their list's name and hashtags. */
export interface Creator {
  name: string;
  hashtags: string[];
}

export interface ListVideos {
  videos: Video[];
  chaines: Chaine[];
  liste: Creator | null;
  /** False when no list has that name (the page says 'introuvable'); true when unsaid. */
  known: boolean;
}

export interface ThemeVideos {
  videos: Video[];
  chaines: Chaine[];
  /** False when no such theme exists (the page says 'introuvable'); true when unsaid. */
  known: boolean;
}
