import type { Video } from '../types';

/** Lower case without accents: "Énergie" matches "energie". */
export const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * A list's creator names, each folded once per list rather than once per keystroke, and each
 * video's creator among them: a list holds thousands of videos but a hundred creators or so,
 * so a keystroke tests each name once, not each video.
 */
export interface CreatorIndex {
  /** The distinct creator names, folded. */
  names: string[];
  /** For each video, its creator's place in `names`. */
  creatorOf: Uint32Array;
}

export function creatorIndex(videos: Video[]): CreatorIndex {
  const places = new Map<string, number>();
  const names: string[] = [];
  const creatorOf = new Uint32Array(videos.length);
  videos.forEach((video, i) => {
    let place = places.get(video.youtube_name);
    if (place === undefined) {
      place = names.length;
      places.set(video.youtube_name, place);
      names.push(foldText(video.youtube_name));
    }
    creatorOf[i] = place;
  });
  return { names, creatorOf };
}

/**
 * The videos whose creator name holds the query (spec §2.2), in their order; an empty query
 * keeps all. A query every name holds gives back the list itself, so that the grid sees at
 * once that nothing changed (the first letters typed usually keep every video).
 */
export function filterVideos(videos: Video[], index: CreatorIndex, query: string): Video[] {
  const needle = foldText(query.trim());
  if (!needle) return videos;
  const kept = index.names.map((name) => name.includes(needle));
  if (kept.every(Boolean)) return videos;
  return videos.filter((_video, i) => kept[index.creatorOf[i]]);
}
