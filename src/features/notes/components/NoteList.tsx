import type { MouseEvent } from 'react';
import { useDispatch } from 'react-redux';
import { Box, Button, Link, List, ListItem, Stack, Typography } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import { formatPlaybackTime } from '../../../shared/lib/time';
import { shareLinkOf, watchLinkAt } from '../lib/share';
import { noteDeleted, noteShareToggled } from '../slice';
import type { Note, NotedVideo } from '../types';
import { ShareLinks } from './ShareLinks';

interface Props {
  video: NotedVideo;
  notes: Note[];
  /** Moves the player; false when there is none, and the time link then opens YouTube at that time. */
  seekTo: (seconds: number) => boolean;
}

/** 'Notes sauvegardées': each note's time (a click seeks there), its text, and its share toggle. */
export function NoteList({ video, notes, seekTo }: Props) {
  const dispatch = useDispatch();
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
          const ref = { videoId: video.id, noteId: note.id };
          const sharesId = `note-${note.id}-shares`;
          return (
            <ListItem key={note.id} disableGutters sx={{ display: 'block' }}>
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
                <Typography sx={{ whiteSpace: 'pre-wrap', flex: 1 }}>{note.description}</Typography>
              </Stack>
              <Stack direction="row" spacing={1}>
                <Button
                  size="small"
                  aria-expanded={note.showShareOptions}
                  aria-controls={sharesId}
                  onClick={() => dispatch(noteShareToggled(ref))}
                >
                  {fr.notes.share}
                </Button>
                <Button size="small" color="inherit" onClick={() => dispatch(noteDeleted(ref))}>
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
