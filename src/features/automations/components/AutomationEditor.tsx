import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useSelector } from 'react-redux';
import { errorMessage, isApiError } from '../../../shared/api';
import { appConfig } from '../../../shared/config/appConfig';
import { frConsole } from '../../../shared/i18n/frConsole';
import { formatDateTimeIn } from '../../../shared/lib/dates';
import { selectCanSend } from '../../../shared/session';
import { ChartOrNotice } from '../../../shared/ui/ChartOrNotice';
import { Feedback, useNotify, type FeedbackMessage } from '../../../shared/ui/Feedback';
import {
  useActivateAutomationMutation,
  useGetAutomationOptionsQuery,
  useGetAutomationQuery,
  useGetContactTimelineQuery,
  useLazyFindListContactQuery,
  useUpdateAutomationMutation,
} from '../api';
import type { Automation, EntryPolicy, Step, StepFigures } from '../types';
import { StepsEditor } from './StepsEditor';

const t = frConsole.automations;
const FIGURES: (keyof StepFigures)[] = ['waiting', 'sent', 'failed', 'opened', 'clicked', 'unsubscribed', 'skipped'];
/** Figures move as the queue works: read again every few seconds while the page is open. */
const POLL_MS = 3000;

interface Props {
  id: number;
  user: number;
  onClose: () => void;
}

/** One automation: its settings and steps, its status, its figures per step and a contact's timeline. */
export function AutomationEditor({ id, user, onClose }: Props) {
  const { data, error, isLoading } = useGetAutomationQuery(id, { pollingInterval: POLL_MS });
  const { data: options } = useGetAutomationOptionsQuery(user);
  if (isLoading) return null;
  if (!data) {
    return (
      <Stack spacing={2}>
        <Alert severity="error">{isApiError(error) && error.status === 404 ? t.notFound : errorMessage(error)}</Alert>
        <Button onClick={onClose} sx={{ alignSelf: 'flex-start' }}>
          {t.back}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack spacing={3}>
      <Button onClick={onClose} sx={{ alignSelf: 'flex-start' }}>
        {t.back}
      </Button>
      <Settings key={data.lastModified} automation={data} deliveries={options?.deliveries ?? []} lists={options?.lists ?? []} />
      <Figures automation={data} deliveries={options?.deliveries ?? []} />
      <Timeline key={data.id} automation={data} />
    </Stack>
  );
}

function Settings({ automation, deliveries, lists }: { automation: Automation; deliveries: { id: number; label: string }[]; lists: { id: number; label: string }[] }) {
  const [name, setName] = useState(automation.name);
  const [entry, setEntry] = useState<EntryPolicy>(automation.entry);
  const [grp, setGrp] = useState(automation.trigger.grp);
  const [steps, setSteps] = useState<Step[]>(automation.steps);
  const [result, setResult] = useState<FeedbackMessage | null>(null);
  const [activating, setActivating] = useState(false);
  // An éditeur drafts; activating and resuming are a sender's (the server refuses them too).
  const canSend = useSelector(selectCanSend);
  const [update, { isLoading }] = useUpdateAutomationMutation();
  const notify = useNotify();
  const draft = automation.status === 'brouillon';

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await update({ id: automation.id, patch: { name: name.trim(), entry, steps, ...(draft ? { trigger: { type: 'liste', grp } } : {}) } }).unwrap();
      // A snackbar: the form is made again from the saved automation.
      notify({ severity: 'success', text: t.saved });
    } catch (failure) {
      setResult({ severity: 'error', text: errorMessage(failure) });
    }
  };
  const setStatus = async (status: 'active' | 'en pause') => {
    try {
      await update({ id: automation.id, patch: { status } }).unwrap();
      notify({ severity: 'success', text: status === 'en pause' ? t.paused : t.resumed });
    } catch (failure) {
      setResult({ severity: 'error', text: errorMessage(failure) });
    }
  };

  return (
    <Paper component="section" aria-labelledby="automation-settings" sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2, gap: 1 }}>
        <Typography id="automation-settings" variant="h5" component="h2" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
          {automation.name}
        </Typography>
        <Chip label={`${t.status} : ${t.statuses[automation.status]}`} color={automation.status === 'active' ? 'success' : 'default'} variant="outlined" />
        {draft && canSend && (
          <Button variant="contained" onClick={() => setActivating(true)}>
            {t.activate}
          </Button>
        )}
        {automation.status === 'active' && <Button onClick={() => void setStatus('en pause')}>{t.pause}</Button>}
        {automation.status === 'en pause' && canSend && (
          <Button variant="contained" onClick={() => void setStatus('active')}>
            {t.resume}
          </Button>
        )}
      </Stack>
      <Box component="form" noValidate onSubmit={save}>
        <Stack spacing={2}>
          <TextField size="small" label={t.name} value={name} onChange={(e) => setName(e.target.value)} required />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField select size="small" label={t.list} value={grp} disabled={!draft} onChange={(e) => setGrp(Number(e.target.value))} sx={{ minWidth: 260 }}>
              {lists.map((list) => (
                <MenuItem key={list.id} value={list.id}>
                  {list.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField select size="small" label={t.entry} value={entry} onChange={(e) => setEntry(e.target.value as EntryPolicy)} sx={{ minWidth: 260 }}>
              {Object.keys(t.entries).map((policy) => (
                <MenuItem key={policy} value={policy}>
                  {t.entries[policy]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Typography variant="h6" component="h3">
            {t.steps}
          </Typography>
          <StepsEditor steps={steps} deliveries={deliveries} onChange={setSteps} />
          <Button type="submit" variant="contained" disabled={isLoading || !name.trim()} sx={{ alignSelf: 'flex-start' }}>
            {t.save}
          </Button>
          <Feedback message={result} />
        </Stack>
      </Box>
      {activating && <ActivateDialog automation={automation} onClose={() => setActivating(false)} />}
    </Paper>
  );
}

/** Activation: how many contacts already in the list would enter, and whether they should. */
function ActivateDialog({ automation, onClose }: { automation: Automation; onClose: () => void }) {
  const [includeExisting, setIncludeExisting] = useState(false);
  const [error, setError] = useState<FeedbackMessage | null>(null);
  const [activate, { isLoading }] = useActivateAutomationMutation();
  const notify = useNotify();
  const count = automation.wouldEnter ?? 0;
  const confirm = async () => {
    try {
      const { entered } = await activate({ id: automation.id, includeExisting }).unwrap();
      notify({ severity: 'success', text: t.activated(entered) });
      onClose();
    } catch (failure) {
      setError({ severity: 'error', text: errorMessage(failure) });
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="activate-title">
      <DialogTitle id="activate-title">{t.activateTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t.activateText(count)}</DialogContentText>
        {count > 0 && (
          <FormControlLabel
            control={<Checkbox checked={includeExisting} onChange={(e) => setIncludeExisting(e.target.checked)} />}
            label={t.includeExisting(count)}
          />
        )}
        <Feedback message={error} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.cancel}</Button>
        <Button variant="contained" onClick={() => void confirm()} disabled={isLoading}>
          {t.activate}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Per step, from the server: a table (the figures themselves) and a chart of them. */
function Figures({ automation, deliveries }: { automation: Automation; deliveries: { id: number; label: string }[] }) {
  const steps = automation.steps;
  if (steps.length === 0) return null;
  const stepLabel = (step: Step, index: number) => `${t.step(index + 1)} · ${deliveries.find((d) => d.id === step.delivery)?.label ?? step.delivery}`;
  return (
    <Paper component="section" aria-labelledby="automation-figures" sx={{ p: 2 }}>
      <Typography id="automation-figures" variant="h5" component="h2" gutterBottom>
        {t.figures}
      </Typography>
      {/* Scrolls sideways on a phone: reachable by keyboard. */}
      <TableContainer tabIndex={0} role="region" aria-label={t.figuresTable}>
        <Table size="small" aria-labelledby="automation-figures">
          <TableHead>
            <TableRow>
              <TableCell>{t.steps}</TableCell>
              {FIGURES.map((key) => (
                <TableCell key={key} align="right">
                  {t.figureNames[key]}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {steps.map((step, index) => (
              <TableRow key={step.id ?? index}>
                <TableCell component="th" scope="row">
                  {stepLabel(step, index)}
                </TableCell>
                {FIGURES.map((key) => (
                  <TableCell key={key} align="right">
                    {step[key] ?? 0}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {/* One step is one point: the table says it all, the chart would be an empty frame. */}
      <ChartOrNotice points={steps.length}>
        <Box role="img" aria-label={t.chart} sx={{ maxWidth: '100%', overflow: 'hidden' }}>
          <BarChart
            height={240}
            xAxis={[{ scaleType: 'band', data: steps.map((_, index) => t.step(index + 1)) }]}
            series={(['sent', 'opened', 'clicked', 'skipped', 'waiting'] as const).map((key) => ({ label: t.figureNames[key], data: steps.map((s) => s[key] ?? 0) }))}
          />
        </Box>
      </ChartOrNotice>
    </Paper>
  );
}

/** A contact's way through the automation, found by its e-mail in the automation's list. */
function Timeline({ automation }: { automation: Automation }) {
  const [email, setEmail] = useState('');
  const [contactId, setContactId] = useState<number | null>(null);
  const [missing, setMissing] = useState(false);
  const [find] = useLazyFindListContactQuery();
  const { data } = useGetContactTimelineQuery({ id: automation.id, contactId: contactId ?? 0 }, { skip: contactId === null, pollingInterval: POLL_MS });
  const show = async (event: FormEvent) => {
    event.preventDefault();
    const found = await find({ grp: automation.trigger.grp, email: email.trim() }).unwrap().catch(() => null);
    setMissing(!found);
    setContactId(found?.id ?? null);
  };
  return (
    <Paper component="section" aria-labelledby="automation-timeline" sx={{ p: 2 }}>
      <Typography id="automation-timeline" variant="h5" component="h2" gutterBottom>
        {t.timeline}
      </Typography>
      <Stack component="form" direction="row" spacing={1} onSubmit={show} noValidate sx={{ mb: 2 }}>
        <TextField size="small" type="email" label={t.timelineEmail} value={email} onChange={(e) => setEmail(e.target.value)} sx={{ flexGrow: 1 }} />
        <Button type="submit" variant="outlined" disabled={!email.trim()}>
          {t.timelineShow}
        </Button>
      </Stack>
      {missing && <Alert severity="info">{t.timelineNone}</Alert>}
      {data && data.entries.length === 0 && <Alert severity="info">{t.timelineNotEntered}</Alert>}
      {data?.entries.map((entry) => (
        <Box key={entry.entry} sx={{ mb: 2 }}>
          <Typography variant="subtitle1" component="h3">
            {t.timelineEntry(entry.entry, entry.state)}
          </Typography>
          <Box component="ol" aria-label={t.timelineEntry(entry.entry, entry.state)} sx={{ pl: 2.5, my: 0 }}>
            {entry.events.map((event, index) => (
              <Typography component="li" variant="body2" key={index}>
                {event.at ? `${formatDateTimeIn(event.at, appConfig.timezone)} — ` : ''}
                {event.step ? `${t.step(event.step)} : ` : ''}
                {t.events[event.type] ?? event.type}
              </Typography>
            ))}
          </Box>
        </Box>
      ))}
    </Paper>
  );
}
