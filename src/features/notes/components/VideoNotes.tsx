import { useDispatch, useSelector } from 'react-redux';
import { Button, Stack } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import { downloadText } from '../../../shared/lib/download';
import { markdownFileName, notesToMarkdown } from '../lib/markdown';
import { noteAdded, selectVideoNotes } from '../slice';
import type { NotedVideo, NotesRootState } from '../types';
import { NoteForm } from './NoteForm';
import { NoteList } from './NoteList';
import { VideoShare } from './VideoShare';

interface Props {
  video: NotedVideo;
  /** The player's playback second, read when a note is saved. */
  currentSecond: () => number;
  seekTo: (seconds: number) => boolean;
}

/** The panel's notes: writing one at the playback time, the saved ones, their Markdown export, and sharing. */
export function VideoNotes({ video, currentSecond, seekTo }: Props) {
  const dispatch = useDispatch();
  const notes = useSelector((state: NotesRootState) => selectVideoNotes(state, video.id));
  const save = (message: string) => dispatch(noteAdded({ videoId: video.id, playbackSecond: currentSecond(), message }));
  return (
    <Stack spacing={2}>
      <NoteForm onSave={save} />
      <NoteList video={video} notes={notes} seekTo={seekTo} />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          disabled={notes.length === 0}
          onClick={() => downloadText(markdownFileName(video), notesToMarkdown(video, notes), 'text/markdown;charset=utf-8')}
        >
          {fr.notes.exportMarkdown}
        </Button>
        <VideoShare video={video} />
      </Stack>
    </Stack>
  );
}
