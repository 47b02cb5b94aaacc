import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Alert, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import {
  JournalLines,
  readRapportText,
  RapportActions,
  SourceStack,
  useGetRapportJournalQuery,
  useGetRapportPilesQuery,
  useGetRapportQuery,
} from '../../features/rapports';
import { frRapports as t } from '../../shared/i18n/frRapports';
import { selectAccessToken, type SessionRootState } from '../../shared/session';
import { LoadedTrace, type Journal, type StackView } from '../../app/traceViewer/LoadedTrace';
import { openViewerFile, type ViewerFile } from '../../app/traceViewer/viewerModel';
import { appTraceMeta } from '../../app/trace/appMeta';

type Loaded = { state: 'loading' } | { state: 'ready'; viewer: ViewerFile } | { state: 'failed'; message: string };

/**
 * A stored report in the trace viewer, with its actions, the server's log lines of its requests
 * and its stacks read in the sources (docs/qa-traces.md, «Readable stacks»).
 */
export function RapportView({ id, screen, onDeleted }: { id: number; screen: ReactNode; onDeleted: () => void }) {
  const token = useSelector((state: SessionRootState) => selectAccessToken(state));
  const { data: rapport } = useGetRapportQuery(id);
  const { data: journal } = useGetRapportJournalQuery(id);
  const { data: piles } = useGetRapportPilesQuery(id);
  const current = useMemo(() => appTraceMeta(), []);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  useEffect(() => {
    // One report a mount (the page keys this view by id).
    let live = true;
    readRapportText(id, token)
      .then((text) => live && setLoaded({ state: 'ready', viewer: openViewerFile(text, current) }))
      .catch((failure: Error) => live && setLoaded({ state: 'failed', message: failure.message }));
    return () => {
      live = false;
    };
    // The token refreshes on its own: the report is read once per id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, current]);

  const lines = journal?.lines;
  const journalOf = useMemo<Journal | undefined>(
    () => (lines ? (request) => (request.requestId ? <JournalLines lines={lines} requestId={request.requestId} /> : null) : undefined),
    [lines],
  );
  const stackView = useMemo<StackView | undefined>(() => {
    if (!piles) return undefined;
    const byStack = new Map(piles.stacks.map((mapped) => [mapped.stack, mapped]));
    return (entry) => {
      const mapped = entry.stack === undefined ? undefined : byStack.get(entry.stack);
      return mapped ? <SourceStack mapped={mapped} /> : null;
    };
  }, [piles]);

  return (
    <Stack spacing={2}>
      {rapport && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h5" component="h2">
            {rapport.reference} · {t.statuses[rapport.status]}
          </Typography>
          <RapportActions rapport={rapport} onDeleted={onDeleted} />
        </Paper>
      )}
      {loaded.state === 'loading' && <LinearProgress aria-label={t.loading} />}
      {loaded.state === 'failed' && <Alert severity="error">{t.unreadable(loaded.message)}</Alert>}
      {loaded.state === 'ready' && (
        <LoadedTrace name={rapport?.reference ?? `#${id}`} viewer={loaded.viewer} current={current} screen={screen} journal={journalOf} stackView={stackView} detached />
      )}
    </Stack>
  );
}
