import { useState, type MouseEvent } from 'react';
import { Box, Button, Link, List, ListItem, Stack, Typography } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import { frNotebook } from '../../../shared/i18n/frNotebook';
import { formatPlaybackTime } from '../../../shared/lib/time';
import { shareLinkOf, watchLinkAt } from '../lib/share';
import type { Note, NotedVideo } from '../types';
import { NoteEditForm } from './NoteEditForm';
import { ShareLinks } from './ShareLinks';

/** What can be done to a listed note: the browser's slice or the space's API does it. */
export interface NoteActions {
  toggleShare: (noteId: number) => void;
  remove: (noteId: number) => void;
  edit: (noteId: number, time: number, description: string) => void;
}

interface Props {
  video: NotedVideo;
  notes: Note[];
  actions: NoteActions;
  /** Moves the player; false when there is none, and the time link then opens YouTube at that time. */
  seekTo: (seconds: number) => boolean;
}

/** 'Notes sauvegardées': each note's time (a click seeks there), its text, editing in place, and its share toggle. */
export function NoteList({ video, notes, actions, seekTo }: Props) {
  const [editing, setEditing] = useState<number | null>(null);
  const seek = (event: MouseEvent, seconds: number) => {
    if (seekTo(seconds)) event.preventDefault();
  };
  return (
    <Box component="section" aria-labelledby="saved-notes-title">
      <Typography id="saved-notes-title" variant="h6" component="h3">
        {fr.notes.saved}
      </Typography>
      {notes.length === 0 && <Typography color="textSecondary">{fr.notes.none}</Typography>}
      <List dense aria-labelledby="saved-notes-title">
        {notes.map((note) => {
          const time = formatPlaybackTime(note.time);
          const sharesId = `note-${note.id}-shares`;
          return (
            <ListItem key={note.id} disableGutters sx={{ display: 'block' }}>
              {editing === note.id ? (
                <NoteEditForm
                  time={note.time}
                  description={note.description}
                  onCancel={() => setEditing(null)}
                  onSave={(seconds, description) => {
                    actions.edit(note.id, seconds, description);
                    setEditing(null);
                  }}
                />
              ) : (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
                  <Link
                    href={watchLinkAt(video.id, note.time)}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={fr.notes.seek(time)}
                    onClick={(event) => seek(event, note.time)}
                    sx={{ fontVariantNumeric: 'tabular-nums' }}
                  >
                    {time}
                  </Link>
                  <Typography sx={{ whiteSpace: 'pre-wrap', flex: 1, overflowWrap: 'anywhere' }}>{note.description}</Typography>
                </Stack>
              )}
              <Stack direction="row" spacing={1}>
                <Button size="small" aria-expanded={note.showShareOptions} aria-controls={sharesId} onClick={() => actions.toggleShare(note.id)}>
                  {fr.notes.share}
                </Button>
                {editing !== note.id && (
                  <Button size="small" aria-label={frNotebook.editLabel(time)} onClick={() => setEditing(note.id)}>
                    {frNotebook.edit}
                  </Button>
                )}
                <Button size="small" color="inherit" onClick={() => actions.remove(note.id)}>
                  {fr.notes.delete}
                </Button>
              </Stack>
              {note.showShareOptions && (
                <Box id={sharesId}>
                  <ShareLinks share={{ text: note.description, url: shareLinkOf(video, note.time) }} />
                </Box>
              )}
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
