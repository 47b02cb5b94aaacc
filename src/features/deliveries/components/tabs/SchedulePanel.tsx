import { useState } from 'react';
import { useSelector } from 'react-redux';
import { selectCanSend } from '../../../../shared/session';
import { Button, Stack, TextField, Typography } from '@mui/material';
import { errorMessage } from '../../../../shared/api';
import { appConfig } from '../../../../shared/config/appConfig';
import { formatDateTimeIn } from '../../../../shared/lib/dates';
import { frConsole } from '../../../../shared/i18n/frConsole';
import { Feedback, type FeedbackMessage } from '../../../../shared/ui/Feedback';
import { useGetScheduleOccurrencesQuery, useGetScheduleQuery, useSaveScheduleMutation, useStopScheduleMutation } from '../../api';
import type { Schedule } from '../../types';

const t = frConsole.schedule;
const FREQUENCIES = ['unique', 'quotidienne', 'hebdomadaire', 'mensuelle'];
/** How many of a schedule's latest occurrences the panel lists. */
const OCCURRENCES_SHOWN = 5;

/**
 * What Diffusion's frequency plans: with a frequency other than 'Aucune', a first date and time
 * (in TIMEZONE) plans the sends; the next one is shown, and the plan can be stopped.
 */
export function SchedulePanel({ deliveryId, listId, frequency }: { deliveryId: number; listId?: number; frequency: string }) {
  const { data: schedule } = useGetScheduleQuery(deliveryId);
  const { data: occurrences } = useGetScheduleOccurrencesQuery(schedule?.id ?? 0, { skip: !schedule });
  const [save, saving] = useSaveScheduleMutation();
  const [stop, stopping] = useStopScheduleMutation();
  // Planning is a sender's (server/shared/access.ts): an éditeur sees the plan, not its buttons' effect.
  const canSend = useSelector(selectCanSend);
  const [firstAt, setFirstAt] = useState('');
  const [feedback, setFeedback] = useState<FeedbackMessage | null>(null);
  const plannable = FREQUENCIES.includes(frequency);

  const run = async (work: () => Promise<unknown>, done: string) => {
    setFeedback(null);
    try {
      await work();
      setFeedback({ severity: 'success', text: done });
    } catch (error) {
      setFeedback({ severity: 'error', text: errorMessage(error) });
    }
  };

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start', maxWidth: '100%' }}>
      {plannable && (
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <TextField
            type="datetime-local"
            label={t.firstAt(appConfig.timezone)}
            value={firstAt}
            onChange={(event) => setFirstAt(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button
            variant="outlined"
            disabled={!canSend || !firstAt || !listId || saving.isLoading}
            onClick={() =>
              void run(
                () =>
                  save({ delId: deliveryId, listId: listId as number, frequency: frequency as Schedule['frequency'], firstAt }).unwrap(),
                t.saved,
              )
            }
          >
            {t.plan}
          </Button>
        </Stack>
      )}
      {plannable && !listId && <Typography variant="body2">{t.listFirst}</Typography>}
      {schedule?.nextAt ? (
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography variant="body2">
            {t.next(formatDateTimeIn(schedule.nextAt, schedule.timezone), frConsole.deliveries.frequences[schedule.frequency])}
          </Typography>
          <Button size="small" color="error" disabled={!canSend || stopping.isLoading} onClick={() => void run(() => stop(schedule).unwrap(), t.stopped)}>
            {t.stop}
          </Button>
        </Stack>
      ) : (
        <Typography variant="body2">{t.none}</Typography>
      )}
      {schedule?.lastError && <Typography variant="body2">{t.lastError(schedule.lastError)}</Typography>}
      {schedule && occurrences && occurrences.length > 0 && (
        <Stack component="section" aria-label={t.occurrences} spacing={0.5}>
          <Typography variant="subtitle2" component="h3">
            {t.occurrences}
          </Typography>
          <Stack component="ul" sx={{ m: 0, pl: 2 }}>
            {occurrences.slice(0, OCCURRENCES_SHOWN).map((occurrence) => {
              const date = formatDateTimeIn(occurrence.occurrenceAt, schedule.timezone);
              return (
                <Typography component="li" variant="body2" key={occurrence.occurrenceAt}>
                  {occurrence.status === 'sent' ? t.occurrenceSent(date) : t.occurrenceSkipped(date, occurrence.reason ?? '')}
                </Typography>
              );
            })}
          </Stack>
        </Stack>
      )}
      <Feedback message={feedback} />
    </Stack>
  );
}
