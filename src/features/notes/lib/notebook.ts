import { formatPlaybackTime } from '../../../shared/lib/time';
import { watchLinkAt } from './share';

/** A note as the notebook lists it, from the space or from the browser. */
export interface NotebookNote {
  /** Unique in the notebook. */
  key: string;
  video: string;
  at: number;
  text: string;
  videoTitle: string | null;
  videoCreator: string | null;
  videoThumbnail: string | null;
}

export interface NotebookGroup {
  video: string;
  title: string | null;
  creator: string | null;
  thumbnail: string | null;
  notes: NotebookNote[];
}

/** Notes grouped by video, in the order the notes come (newest first: the video of the newest note leads). */
export function groupByVideo(notes: NotebookNote[]): NotebookGroup[] {
  const groups = new Map<string, NotebookGroup>();
  for (const note of notes) {
    let group = groups.get(note.video);
    if (!group) {
      group = { video: note.video, title: note.videoTitle, creator: note.videoCreator, thumbnail: note.videoThumbnail, notes: [] };
      groups.set(note.video, group);
    }
    group.notes.push(note);
  }
  return [...groups.values()];
}

/** Lower case without accents: how the notebook's search compares texts (as the server does). */
export const foldText = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const headingOf = (group: NotebookGroup) => {
  const title = group.title ?? group.video;
  return group.creator ? `${title} — ${group.creator}` : title;
};

/**
 * Every note as Markdown (issue 42): one heading a video, then one line a note,
 * `[mm:ss](the video at that time) text`; a text's further lines are indented under it.
 */
export function notebookToMarkdown(title: string, groups: NotebookGroup[]): string {
  const lines = [`# ${title}`, ''];
  for (const group of groups) {
    lines.push(`## ${headingOf(group)}`, '');
    for (const note of group.notes) {
      const text = note.text.replace(/\r?\n/g, '\n  ');
      lines.push(`- [${formatPlaybackTime(note.at)}](${watchLinkAt(group.video, note.at)}) ${text}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** Every note as JSON: the video, its title and creator, the time in seconds and as shown, the text and the link at that time. */
export function notebookToJson(groups: NotebookGroup[]): string {
  const notes = groups.flatMap((group) =>
    group.notes.map((note) => ({
      video: group.video,
      title: group.title,
      creator: group.creator,
      at: note.at,
      time: formatPlaybackTime(note.at),
      text: note.text,
      link: watchLinkAt(group.video, note.at),
    })),
  );
  return `${JSON.stringify({ notes }, null, 2)}\n`;
}
