import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Alert, Button, Stack } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import { frNotebook } from '../../../shared/i18n/frNotebook';
import { downloadText } from '../../../shared/lib/download';
import { useLocalNotesMerge } from '../hooks/useLocalNotesMerge';
import { useSpaceNotes } from '../hooks/useSpaceNotes';
import { markdownFileName, notesToMarkdown } from '../lib/markdown';
import { noteTime } from '../lib/noteTime';
import { noteAdded, noteDeleted, noteEdited, noteShareToggled, selectVideoNotes } from '../slice';
import type { NotedVideo, NotesRootState } from '../types';
import { NoteForm } from './NoteForm';
import { NoteList, type NoteActions } from './NoteList';
import { VideoShare } from './VideoShare';

interface Props {
  video: NotedVideo;
  /** The player's playback second, read when a note is saved. */
  currentSecond: () => number;
  seekTo: (seconds: number) => boolean;
  /** The visitor's space token: their notes are then the space's (issue 42), else this browser's. */
  token?: string | null;
}

/** A refusal of the note's video: the product does not know it, so the note stays in the browser. */
const refusesVideo = (error: unknown) => (error as { status?: number; data?: { field?: string } }).data?.field === 'video';

/** The panel's notes: writing one at the playback time, the saved ones, their Markdown export, and sharing. */
export function VideoNotes({ video, currentSecond, seekTo, token = null }: Props) {
  const dispatch = useDispatch();
  useLocalNotesMerge(token);
  const localNotes = useSelector((state: NotesRootState) => selectVideoNotes(state, video.id));
  // With a space, the browser's notes of this video are the space's once merged; until then
  // (or for a video the product does not know) they are listed from the browser.
  const inSpace = token !== null && localNotes.length === 0;
  const [notice, setNotice] = useState<string | null>(null);
  const space = useSpaceNotes(inSpace ? token : null, video.id, () => setNotice(frNotebook.saveFailed));
  const localActions: NoteActions = {
    toggleShare: (noteId) => dispatch(noteShareToggled({ videoId: video.id, noteId })),
    remove: (noteId) => dispatch(noteDeleted({ videoId: video.id, noteId })),
    edit: (noteId, time, description) => dispatch(noteEdited({ videoId: video.id, noteId, time, description })),
  };
  const notes = inSpace ? space.notes : localNotes;

  const save = (message: string, at?: number) => {
    const playbackSecond = currentSecond();
    setNotice(null);
    if (!inSpace) {
      dispatch(noteAdded({ videoId: video.id, playbackSecond, at, message }));
      return;
    }
    const time = at ?? noteTime(playbackSecond);
    space.add(time, message.trim()).catch((error: unknown) => {
      if (!refusesVideo(error)) return setNotice(frNotebook.saveFailed);
      dispatch(noteAdded({ videoId: video.id, playbackSecond, at: time, message }));
      setNotice(frNotebook.keptLocally);
    });
  };

  return (
    <Stack spacing={2}>
      <NoteForm onSave={save} />
      {notice && (
        <Alert severity="info" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      <NoteList video={video} notes={notes} actions={inSpace ? space.actions : localActions} seekTo={seekTo} />
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
