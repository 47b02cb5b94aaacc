import { formatPlaybackTime } from '../../../shared/lib/time';
import type { Note, NotedVideo } from '../types';
import { watchLinkAt } from './share';

/** The video's notes as Markdown: the video's title and link, then a heading per note with its time linked to the video at that time. */
export function notesToMarkdown(video: NotedVideo, notes: Note[]): string {
  const lines = [`# ${video.title}`, '', `https://www.youtube.com/watch?v=${encodeURIComponent(video.id)}`, ''];
  for (const note of notes) {
    lines.push(`## [${formatPlaybackTime(note.time)}](${watchLinkAt(video.id, note.time)})`, '', note.description, '');
  }
  return lines.join('\n');
}

export const markdownFileName = (video: NotedVideo) => `notes-${video.id}.md`;
