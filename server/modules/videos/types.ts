/** A video as the public routes answer it (spec §3, Video). */
export interface VideoJson {
  /** YouTube's video id. */
  id: string;
  youtube_titre: string;
  /** The creator: the channel's name. */
  youtube_name: string;
  /** The creator's channel page. */
  youtube_lien: string;
  img_lien: string | null;
  /** Publication date, ISO. */
  created: string;
  youtube_nb_vue: number;
  /** The video's page. */
  url: string;
  /** YouTube's channel id, to follow the creator from a card. */
  channelId: string;
  theme: string;
}

/** A channel as the public routes answer it. */
export interface ChaineJson {
  /** YouTube's channel id. */
  id: string;
  name: string;
  handle: string | null;
  theme: string;
  avatar: string | null;
  url: string;
}

export interface Page {
  page: number;
  itemsPerPage: number;
}

export interface VideoPage {
  videos: VideoJson[];
  totalItems: number;
}
