/**
 * Links to a video and to the share pages of X and Telegram. Shares carry the text and the
 * video's address at the note's time, URL-encoded.
 */
const enc = encodeURIComponent;

/** The short address of a video, at a second when given (`youtu.be/ID?t=N`). */
export const shortVideoLink = (videoId: string, seconds?: number) =>
  `https://youtu.be/${enc(videoId)}${seconds === undefined ? '' : `?t=${Math.max(0, Math.floor(seconds))}`}`;

/** The video's page at a second (`watch?v=ID&t=Ns`). */
export const watchLinkAt = (videoId: string, seconds: number) =>
  `https://www.youtube.com/watch?v=${enc(videoId)}&t=${Math.max(0, Math.floor(seconds))}s`;

/** The address a share of the video carries (see NotedVideo.shareLink). */
export const shareLinkOf = (video: { id: string; shareLink?: (seconds?: number) => string }, seconds?: number) =>
  video.shareLink ? video.shareLink(seconds) : shortVideoLink(video.id, seconds);

export interface Share {
  text: string;
  url: string;
}

/** X's post composer, filled (https://developer.x.com/en/docs/x-for-websites/tweet-button). */
export const xShareUrl = ({ text, url }: Share) => `https://x.com/intent/tweet?text=${enc(text)}&url=${enc(url)}`;

/** Telegram's share page (https://core.telegram.org/widgets/share). */
export const telegramShareUrl = ({ text, url }: Share) => `https://t.me/share/url?url=${enc(url)}&text=${enc(text)}`;
