import { useCallback, useEffect, useState, type DragEvent } from 'react';
import { Alert, Container, CssBaseline, Paper, Stack, ThemeProvider, Typography } from '@mui/material';
import { frTraceViewer } from '../../shared/i18n/frTraceViewer';
import { TraceFormatError, type TraceMeta } from '../../shared/trace';
import { FileButton } from '../../shared/ui/FileButton';
import { AppRoutes } from '../AppRoutes';
import { theme } from '../theme';
import { appTraceMeta } from '../trace/appMeta';
import { LoadedTrace } from './LoadedTrace';
import { openViewerFile, type ViewerFile } from './viewerModel';

/** The app's routes, as one element for every render (see LoadedTrace). */
const appScreen = <AppRoutes />;

/** A file's text (FileReader: `Blob.text()` is missing from some engines, jsdom among them). */
const readText = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsText(file);
  });

/** The page at /qa/traces (development and QA builds): see what the user saw, step by step. */
export function TraceViewerPage({ current = appTraceMeta() }: { current?: TraceMeta }) {
  const [file, setFile] = useState<{ name: string; viewer: ViewerFile } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const open = useCallback(
    async (picked: File) => {
      try {
        const viewer = openViewerFile(await readText(picked), current);
        setFile({ name: picked.name, viewer });
        setError(null);
      } catch (failure) {
        setFile(null);
        setError(frTraceViewer.invalid(failure instanceof TraceFormatError ? failure.message : (failure as Error).message));
      }
    },
    [current],
  );

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const picked = event.dataTransfer.files[0];
    if (picked) void open(picked);
  };

  return (
    <Container maxWidth="xl" component="main" sx={{ py: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {frTraceViewer.title}
      </Typography>
      <Typography sx={{ mb: 2 }}>{frTraceViewer.intro}</Typography>
      <Paper
        variant="outlined"
        aria-label={frTraceViewer.dropZone}
        role="region"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{ p: 2, mb: 2, borderStyle: 'dashed', bgcolor: dragging ? 'action.hover' : undefined }}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <FileButton label={frTraceViewer.choose} accept=".json,application/json" onFile={(picked) => void open(picked)} />
          <Typography>{frTraceViewer.drop}</Typography>
        </Stack>
      </Paper>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {file && <LoadedTrace key={file.name + file.viewer.steps.length} name={file.name} viewer={file.viewer} current={current} screen={appScreen} />}
    </Container>
  );
}

/** The viewer with the app's theme, as its own page (index.tsx mounts it at /qa/traces). */
export function TraceViewerApp() {
  useEffect(() => {
    document.title = frTraceViewer.title;
  }, []);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <TraceViewerPage />
    </ThemeProvider>
  );
}
