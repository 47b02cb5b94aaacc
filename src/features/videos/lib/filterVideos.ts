import type { Video } from '../types';

/** Lower case without accents: "Énergie" matches "energie". */
export const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The creator names of the videos, folded once per list rather than once per keystroke. */
export const creatorIndex = (videos: Video[]) => videos.map((video) => foldText(video.youtube_name));

/**
 * The videos whose creator name holds the query (spec §2.2), in their order; an empty query
 * keeps all. A query every name holds gives back the list itself, so that the grid sees at
 * once that nothing changed (the first letters typed usually keep every video).
 */
export function filterVideos(videos: Video[], index: string[], query: string): Video[] {
  const needle = foldText(query.trim());
  if (!needle) return videos;
  const kept = videos.filter((_video, i) => index[i].includes(needle));
  return kept.length === videos.length ? videos : kept;
}
