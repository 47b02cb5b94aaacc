import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { Alert, Box, Button, LinearProgress, Link, List, ListItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
// The notebook's parts, loaded with this (lazy) page only.
import { useLocalNotesMerge } from '../../features/notes/hooks/useLocalNotesMerge';
import { useNotebook } from '../../features/notes/hooks/useNotebook';
import { groupByVideo, notebookToJson, notebookToMarkdown, type NotebookGroup } from '../../features/notes/lib/notebook';
import { productVideoLink } from '../../features/videos';
import { selectVisitorToken } from '../../features/visitors';
import { frNotebook } from '../../shared/i18n/frNotebook';
import { downloadText } from '../../shared/lib/download';
import { formatPlaybackTime } from '../../shared/lib/time';
import { PublicFrame } from '../public/PublicFrame';

/** Notes shown at first, and added by each "more". */
const PAGE = 50;
/** The most one page of the API answers: past it, the search and the exports reach the rest. */
const MAX_SHOWN = 1000;
/** A search waits for the typing to pause this long. */
const SEARCH_PAUSE_MS = 250;

/** The product's page of a video at a note's moment (relative: the router opens it). */
const noteLink = (video: string, at: number) => productVideoLink('', '/', video, at);

function VideoNotesGroup({ group }: { group: NotebookGroup }) {
  const title = group.title ?? frNotebook.unknownVideo(group.video);
  const headingId = `notebook-${group.video}`;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
        {group.thumbnail && (
          <Box component="img" src={group.thumbnail} alt="" loading="lazy" sx={{ width: 120, aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 1 }} />
        )}
        <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {group.creator && (
            <Typography variant="body2" color="textSecondary">
              {frNotebook.by(group.creator)}
            </Typography>
          )}
        </Box>
      </Stack>
      <List dense aria-labelledby={headingId}>
        {group.notes.map((note) => {
          const time = formatPlaybackTime(note.at);
          return (
            <ListItem key={note.key} disableGutters sx={{ alignItems: 'baseline', gap: 1 }}>
              <Link component={RouterLink} to={noteLink(group.video, note.at)} aria-label={frNotebook.openAt(time, title)} sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {time}
              </Link>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', flex: 1, minWidth: 0 }}>{note.text}</Typography>
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}

function NotebookContent() {
  const token = useSelector(selectVisitorToken);
  useLocalNotesMerge(token);
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(PAGE);
  const [exportFailed, setExportFailed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(typed);
      setLimit(PAGE);
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const notebook = useNotebook(token, query, limit);
  const groups = groupByVideo(notebook.notes);

  const exportAs = async (kind: 'markdown' | 'json') => {
    setExportFailed(false);
    try {
      const all = groupByVideo(await notebook.everyNote());
      if (kind === 'markdown') downloadText('mes-notes.md', notebookToMarkdown(frNotebook.markdownTitle, all), 'text/markdown;charset=utf-8');
      else downloadText('mes-notes.json', notebookToJson(all), 'application/json;charset=utf-8');
    } catch {
      setExportFailed(true);
    }
  };

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          {frNotebook.title}
        </Typography>
        <Typography color="textSecondary">{frNotebook.intro}</Typography>
      </Box>
      {!token && <Alert severity="info">{frNotebook.localOnly}</Alert>}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          type="search"
          label={frNotebook.search}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          size="small"
          sx={{ flex: '1 1 240px' }}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Button variant="outlined" onClick={() => void exportAs('markdown')}>
          {frNotebook.exportMarkdown}
        </Button>
        <Button variant="outlined" onClick={() => void exportAs('json')}>
          {frNotebook.exportJson}
        </Button>
      </Stack>
      {exportFailed && <Alert severity="error">{frNotebook.exportFailed}</Alert>}
      {notebook.isFetching && <LinearProgress aria-label="chargement" />}
      {notebook.isError && <Alert severity="error">{frNotebook.loadFailed}</Alert>}
      <Typography role="status" variant="body2">
        {notebook.isLoading ? '' : notebook.total === 0 ? (query.trim() ? frNotebook.noMatch(query.trim()) : frNotebook.none) : frNotebook.count(notebook.total)}
      </Typography>
      {groups.map((group) => (
        <VideoNotesGroup key={group.video} group={group} />
      ))}
      {notebook.notes.length < notebook.total && limit < MAX_SHOWN && (
        <Box>
          <Button onClick={() => setLimit((shown) => Math.min(shown + PAGE, MAX_SHOWN))}>{frNotebook.more}</Button>
        </Box>
      )}
    </Stack>
  );
}

/** `/notes`: the visitor's notebook (issue 42), every note grouped by video, searched and exported. */
export function NotesPage() {
  return (
    <PublicFrame>
      <NotebookContent />
    </PublicFrame>
  );
}
