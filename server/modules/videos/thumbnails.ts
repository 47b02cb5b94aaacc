/**
 * The thumbnail rules of spec §9, as data: custom thumbnail names YouTube serves are replaced
 * by the plain 320x180 one of the same video (the card's size); channels marked so show their
 * fixed avatar instead.
 */
export const CUSTOM_THUMBNAIL_NAMES: RegExp[] = [
  /^(?:hq|mq|sd|maxres)?default_custom_\d+\.(?:jpg|webp)$/i,
  /^hq720_custom_\d+\.(?:jpg|webp)$/i,
  /^oardefault_custom_\d+\.(?:jpg|webp)$/i,
];

const YTIMG_HOST = /^i\d*\.ytimg\.com$/i;

export const plainThumbnail = (videoId: string) => `https://i.ytimg.com/vi/${videoId}/mqdefault.jpg`;

export function normalizeThumbnail(url: string | null, videoId: string): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!YTIMG_HOST.test(parsed.hostname)) return url;
  const name = parsed.pathname.split('/').pop() ?? '';
  return CUSTOM_THUMBNAIL_NAMES.some((pattern) => pattern.test(name)) ? plainThumbnail(videoId) : url;
}

export interface ThumbnailSource {
  videoId: string;
  thumbnail: string | null;
  avatar: string | null;
  avatarAsThumbnail: boolean;
}

/** The image a card shows: the channel's fixed avatar when it is marked so, else the rewritten thumbnail. */
export function cardImage({ videoId, thumbnail, avatar, avatarAsThumbnail }: ThumbnailSource): string | null {
  if (avatarAsThumbnail && avatar) return avatar;
  return normalizeThumbnail(thumbnail, videoId);
}
