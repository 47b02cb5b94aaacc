import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { Alert, Box, Chip, List, ListItem, ListItemButton, ListItemText, Paper, Slider, Stack, ThemeProvider, Typography } from '@mui/material';
import { createTheme } from '@mui/material/styles';
import { frTraceViewer } from '../../shared/i18n/frTraceViewer';
import type { ConsoleEntry, RequestEntry, TraceMeta } from '../../shared/trace';
import { theme } from '../theme';
import { createPreviewStore, stepShown, type PreviewStore } from './previewStore';
import { diffStates, type ViewerFile, type ViewerStep } from './viewerModel';

const shortJson = (value: unknown, max = 160) => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

/**
 * The app's theme for the rendered screen: its dialogs, menus and popovers open inside the
 * screen's frame (`host`, whose transform makes it their containing block), so that a
 * recorded open dialog covers the screen, not the viewer, and hides from assistive
 * technologies only what is inside the frame; they neither take the focus nor lock the page's scroll.
 */
function previewThemeFor(host: HTMLElement) {
  const contained = { container: host, disableEnforceFocus: true, disableAutoFocus: true, disableRestoreFocus: true, disableScrollLock: true };
  return createTheme(theme, {
    components: {
      MuiModal: { defaultProps: contained },
      MuiDialog: { defaultProps: contained },
      MuiPopover: { defaultProps: contained },
      MuiMenu: { defaultProps: contained },
      MuiDrawer: { defaultProps: contained },
      MuiPopper: { defaultProps: { container: host } },
      MuiTooltip: { defaultProps: { slotProps: { popper: { container: host } } } },
    },
  });
}

/** Keeps the screen on the step's recorded address, whatever the screen itself navigated to. */
function FollowRecordedRoute({ route, step }: { route: string; step: number }) {
  const location = useLocation();
  const navigate = useNavigate();
  const current = `${location.pathname}${location.search}${location.hash}`;
  useEffect(() => {
    if (current !== route) navigate(route, { replace: true });
    // Only when the step changes: the screen may navigate on its own between steps.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step, route]);
  return null;
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.getAttribute('role') === 'slider');

/**
 * Renders its children in a React root of its own: the app's screen, with its own router and
 * store, inside a page that already has both (react-router refuses a router in a router).
 */
function DetachedRoot({ children }: { children: ReactNode }) {
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const root = useRef<Root | null>(null);
  useLayoutEffect(() => {
    if (!host) return undefined;
    const made = createRoot(host);
    root.current = made;
    return () => {
      root.current = null;
      // Not while React renders this tree: unmounting a root during a render is refused.
      setTimeout(() => made.unmount(), 0);
    };
  }, [host]);
  useLayoutEffect(() => {
    root.current?.render(children);
  });
  return <div ref={setHost} />;
}

/** What the console adds when it opens a stored report: the server's log lines of its requests. */
export type Journal = (request: RequestEntry) => ReactNode;

/** …and a console entry's stack read in the sources; null: the stack as the browser wrote it. */
export type StackView = (entry: ConsoleEntry) => ReactNode;

/**
 * The loaded file: report, version notes, timeline and the selected step. `screen` is the app's
 * routes (AppRoutes, given by the page that shows the viewer: imported here, it would make an
 * import circle with the console's routes), rendered on the step's state: one element for every
 * render, so that stepping re-renders the screen only where the step's state or route differs.
 */
export function LoadedTrace({
  name,
  viewer,
  current,
  screen,
  journal,
  stackView,
  detached = false,
}: {
  name: string;
  viewer: ViewerFile;
  current: TraceMeta;
  screen: ReactNode;
  journal?: Journal;
  stackView?: StackView;
  /** Inside the app (the console): the screen renders in a React root of its own, out of the app's router and store. */
  detached?: boolean;
}) {
  const { steps, report, version } = viewer;
  const last = steps.length - 1;
  const [selected, setSelected] = useState(last);
  const [store] = useState<PreviewStore>(() => createPreviewStore(steps[last].state));
  const [modalHost, setModalHost] = useState<HTMLDivElement | null>(null);
  const previewTheme = useMemo(() => (modalHost ? previewThemeFor(modalHost) : null), [modalHost]);
  const step = steps[selected];

  useEffect(() => {
    store.dispatch(stepShown(step.state));
  }, [store, step]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isTyping(event.target) || event.ctrlKey || event.altKey || event.metaKey) return;
      if (event.key === 'ArrowLeft') setSelected((index) => Math.max(0, index - 1));
      else if (event.key === 'ArrowRight') setSelected((index) => Math.min(last, index + 1));
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [last]);

  const diff = useMemo(() => (selected > 0 ? diffStates(steps[selected - 1].state, step.state) : null), [steps, selected, step]);
  const preview = previewTheme && (
                <ThemeProvider theme={previewTheme}>
                  <Provider store={store}>
                    <MemoryRouter initialEntries={[step.route]}>
                      <FollowRecordedRoute route={step.route} step={selected} />
                      {screen}
                    </MemoryRouter>
                  </Provider>
                </ThemeProvider>
  );
  const buildLabel = (meta: { version?: string; commit?: string } | undefined) => `${meta?.version ?? 'unknown'} (${meta?.commit ?? 'unknown'})`;

  return (
    <Box>
      <Typography sx={{ mb: 1 }} role="status">
        {frTraceViewer.loaded(name, last)}
      </Typography>
      {(version.otherBuild || version.changedSlices.length > 0) && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <strong>{frTraceViewer.otherBuild}</strong>
          <div>{frTraceViewer.versionLine(buildLabel(viewer.meta), buildLabel(current))}</div>
          {version.changedSlices.length > 0 && <div>{frTraceViewer.changedSlices(version.changedSlices.join(', '))}</div>}
        </Alert>
      )}
      {report && (
        <Paper variant="outlined" component="section" aria-labelledby="trace-report-title" sx={{ p: 2, mb: 2 }}>
          <Typography variant="h6" component="h2" id="trace-report-title">
            {frTraceViewer.report}
          </Typography>
          <Typography>
            {frTraceViewer.description} : {report.description}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {frTraceViewer.build(report.version, report.commit)} · {report.viewport ? `${report.viewport.width}×${report.viewport.height}` : ''} ·{' '}
            {report.language} · {report.timeZone} · {report.userAgent}
          </Typography>
        </Paper>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(260px, 1fr) 3fr' } }}>
        <Paper variant="outlined" component="nav" aria-label={frTraceViewer.timeline} sx={{ p: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ px: 1 }}>
            {frTraceViewer.timeline}
          </Typography>
          <Box sx={{ px: 2 }}>
            <Slider
              aria-label={frTraceViewer.step}
              aria-valuetext={frTraceViewer.stepOf(selected, last)}
              min={0}
              max={Math.max(last, 1)}
              step={1}
              value={selected}
              disabled={last === 0}
              onChange={(_event, value) => setSelected(value as number)}
            />
            <Typography variant="body2">{frTraceViewer.stepOf(selected, last)}</Typography>
            <Typography variant="caption" color="text.secondary">
              {frTraceViewer.keys}
            </Typography>
          </Box>
          <Timeline steps={steps} selected={selected} onSelect={setSelected} />
        </Paper>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Paper variant="outlined" component="section" aria-labelledby="trace-screen-title" sx={{ p: 1, minWidth: 0 }}>
            <Typography variant="h6" component="h2" id="trace-screen-title" sx={{ px: 1 }}>
              {frTraceViewer.screen}
            </Typography>
            <Typography variant="body2" sx={{ px: 1, overflowWrap: 'anywhere' }}>
              {frTraceViewer.route(step.route)}
            </Typography>
            <Box
              data-testid="trace-screen"
              // Its own layout and paint: what a step changes in the screen lays out nothing around it.
              sx={{ border: 1, borderColor: 'divider', mt: 1, overflow: 'auto', height: '80vh', position: 'relative', transform: 'translateZ(0)', contain: 'strict' }}
            >
              {previewTheme && (detached ? <DetachedRoot>{preview}</DetachedRoot> : preview)}
              <div ref={setModalHost} />
            </Box>
          </Paper>
          {selected === last && report?.screenshot && (
            <Paper variant="outlined" component="section" aria-labelledby="trace-screenshot-title" sx={{ p: 2 }}>
              <Typography variant="h6" component="h2" id="trace-screenshot-title">
                {frTraceViewer.screenshot}
              </Typography>
              <Box component="img" src={report.screenshot} alt={frTraceViewer.screenshot} sx={{ maxWidth: '100%', border: 1, borderColor: 'divider' }} />
            </Paper>
          )}
          <StepDetails step={step} diff={diff} journal={journal} stackView={stackView} />
        </Stack>
      </Box>
    </Box>
  );
}

function StepDetails({
  step,
  diff,
  journal,
  stackView,
}: {
  step: ViewerStep;
  diff: ReturnType<typeof diffStates> | null;
  journal?: Journal;
  stackView?: StackView;
}) {
  return (
    <>
      {step.console.length > 0 && (
        <Paper variant="outlined" component="section" aria-labelledby="trace-console-title" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" id="trace-console-title">
            {frTraceViewer.consoleTitle}
          </Typography>
          <List dense>
            {step.console.map((entry, index) => (
              <li key={index}>
                <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                  [{entry.level}] {entry.time} {entry.message}
                </Typography>
                {entry.stack &&
                  (stackView?.(entry) ?? (
                    <Box component="pre" aria-label={frTraceViewer.stack} sx={{ m: 0, ml: 2, fontSize: '0.75rem', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {entry.stack}
                    </Box>
                  ))}
              </li>
            ))}
          </List>
        </Paper>
      )}
      {step.requests.length > 0 && (
        <Paper variant="outlined" component="section" aria-labelledby="trace-requests-title" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" id="trace-requests-title">
            {frTraceViewer.requestsTitle}
          </Typography>
          <List dense>
            {step.requests.map((entry, index) => (
              <li key={index}>
                <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                  {entry.method} {entry.path} → {entry.status} ({entry.duration} ms)
                  {entry.requestId && ` · ${frTraceViewer.requestId(entry.requestId)}`}
                </Typography>
                {journal?.(entry)}
              </li>
            ))}
          </List>
        </Paper>
      )}
      <Paper variant="outlined" component="section" aria-labelledby="trace-action-title" sx={{ p: 2, minWidth: 0 }}>
        <Typography variant="h6" component="h2" id="trace-action-title">
          {frTraceViewer.action}
        </Typography>
        <Box component="pre" tabIndex={0} aria-labelledby="trace-action-title" sx={{ m: 0, overflow: 'auto', maxHeight: 240, fontSize: '0.8rem' }}>
          {step.action ? JSON.stringify(step.action, null, 2) : frTraceViewer.start}
        </Box>
      </Paper>
      {diff && (
        <Paper variant="outlined" component="section" aria-labelledby="trace-diff-title" sx={{ p: 2, minWidth: 0 }}>
          <Typography variant="h6" component="h2" id="trace-diff-title">
            {frTraceViewer.diff}
          </Typography>
          {diff.total === 0 ? (
            <Typography>{frTraceViewer.noDiff}</Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2, fontFamily: 'monospace', fontSize: '0.8rem', overflowWrap: 'anywhere' }}>
              {diff.changes.map((change) => (
                <li key={change.path}>
                  {change.path}: {shortJson(change.before)} → {shortJson(change.after)}
                </li>
              ))}
              {diff.total > diff.changes.length && <li>{frTraceViewer.moreDiff(diff.total - diff.changes.length)}</li>}
            </Box>
          )}
        </Paper>
      )}
    </>
  );
}

/** The actions, one row each; a row re-renders only when its selection changes. */
function Timeline({ steps, selected, onSelect }: { steps: ViewerStep[]; selected: number; onSelect: (index: number) => void }) {
  return (
    // Laid out apart from the page, and only its rows in view are rendered (content-visibility).
    <List dense sx={{ maxHeight: { xs: 320, md: '70vh' }, overflow: 'auto', contain: 'content' }}>
      {steps.map((step) => (
        <TimelineRow key={step.index} step={step} selected={step.index === selected} onSelect={onSelect} />
      ))}
    </List>
  );
}

const TimelineRow = memo(function TimelineRow({ step, selected, onSelect }: { step: ViewerStep; selected: boolean; onSelect: (index: number) => void }) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    // Into the list's view, without scrolling the page as scrollIntoView does (the list and its
    // rows are positioned: the row's offsetTop is the list's).
    const row = ref.current;
    const list = row?.parentElement;
    if (!selected || !row || !list) return;
    if (row.offsetTop < list.scrollTop) list.scrollTop = row.offsetTop;
    else if (row.offsetTop + row.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = row.offsetTop + row.offsetHeight - list.clientHeight;
  }, [selected]);
  const failed = step.requests.length;
  const errors = step.console.length;
  return (
    <ListItem ref={ref} disablePadding sx={{ contentVisibility: 'auto', containIntrinsicSize: 'auto 52px' }}>
      <ListItemButton selected={selected} aria-current={selected ? 'step' : undefined} onClick={() => onSelect(step.index)}>
        <ListItemText
          primary={`${step.index}. ${step.type ?? frTraceViewer.start}`}
          secondary={
            <>
              {step.sinceMs !== null && frTraceViewer.since(step.sinceMs)}
              {failed > 0 && <Chip component="span" size="small" color="error" variant="outlined" label={frTraceViewer.failedRequests(failed)} sx={{ ml: 1 }} />}
              {errors > 0 && <Chip component="span" size="small" color="secondary" variant="outlined" label={frTraceViewer.consoleErrors(errors)} sx={{ ml: 1 }} />}
            </>
          }
          slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
        />
      </ListItemButton>
    </ListItem>
  );
}, (before, after) => before.step === after.step && before.selected === after.selected && before.onSelect === after.onSelect);

