import type { SubscriptionFile } from './subscriptionFormats';

/** What a subscriptions import answers, and what the space shows of it once its feeds are read. */
export interface ImportedChannel {
  id: string;
  name: string;
}

export interface ImportReport {
  format: SubscriptionFile['format'];
  /** Channels now on the list; the feeds of those in `pending` are being read. */
  followed: ImportedChannel[];
  alreadyFollowed: ImportedChannel[];
  /** Lines naming no YouTube channel, or a channel YouTube said lately it does not know. */
  unknown: { name: string | null; source: string }[];
  /** Channels on the list whose feed YouTube lately failed to give: read again later. */
  failed: { id: string; name: string | null; message: string }[];
  /** Followed channels whose videos are being read from YouTube now. */
  pending: ImportedChannel[];
  /** Groups created or completed, and saved or hidden videos read. */
  groupes: string[];
  plusTard: number;
  masquees: number;
}
