import type { Chaine, ListVideos, ThemeVideos, Video } from '../types';

/** The console message of spec §8 for a video answer of the wrong shape. */
export const UNEXPECTED_STRUCTURE = 'Unexpected response structure';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

function isVideo(value: unknown): value is Video {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    typeof value.youtube_titre === 'string' &&
    typeof value.youtube_name === 'string' &&
    typeof value.created === 'string' &&
    (value.img_lien === undefined || value.img_lien === null || typeof value.img_lien === 'string')
  );
}

const isChaine = (value: unknown): value is Chaine =>
  isObject(value) && typeof value.id === 'string' && typeof value.name === 'string';

/** The first result of `json.res`, or `json` itself for answers that carry `videos` directly. */
function firstResult(json: unknown): Json | null {
  if (isObject(json) && Array.isArray(json.res)) return isObject(json.res[0]) ? json.res[0] : null;
  return isObject(json) && Array.isArray(json.videos) ? json : null;
}

function videosOf(result: Json | null): Video[] | null {
  const videos = result?.videos;
  return Array.isArray(videos) && videos.every(isVideo) ? videos : null;
}

const chainesOf = (value: unknown): Chaine[] => (Array.isArray(value) ? value.filter(isChaine) : []);

/** `json.res[0].videos` of videoByUser (spec §7.5); a bad shape logs and answers nothing. */
export function readListVideos(json: unknown): ListVideos {
  const result = firstResult(json);
  const videos = videosOf(result);
  if (!result || !videos) {
    console.error(UNEXPECTED_STRUCTURE, json);
    return { videos: [], chaines: [], liste: null, known: true };
  }
  const liste = isObject(result.liste) && typeof result.liste.name === 'string' ? (result.liste as unknown as ListVideos['liste']) : null;
  // Our server answers `liste: null` for a name no list has; another API may say nothing.
  return { videos, chaines: chainesOf(result.chaines), liste, known: result.liste !== null };
}

/** `json.res[0].videos` and `chaine` of chaine, or `data.videos` (spec §7.5); a bad shape logs and answers nothing. */
export function readThemeVideos(json: unknown): ThemeVideos {
  const result = firstResult(json);
  const videos = videosOf(result);
  if (!result || !videos) {
    console.error(UNEXPECTED_STRUCTURE, json);
    return { videos: [], chaines: [], known: true };
  }
  return { videos, chaines: chainesOf(result.chaine), known: result.known !== false };
}
