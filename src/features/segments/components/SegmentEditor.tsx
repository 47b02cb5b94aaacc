import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { fr } from '../../../shared/i18n/fr';
import { frSegments as t } from '../../../shared/i18n/frSegments';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { Feedback, useNotify, type FeedbackMessage } from '../../../shared/ui/Feedback';
import {
  useCountSegmentDraftQuery,
  useCreateSegmentMutation,
  useDeleteSegmentMutation,
  useSegmentAttribNamesQuery,
  useSegmentListChoicesQuery,
  useSegmentTemplateChoicesQuery,
  useSendToSegmentMutation,
  useUpdateSegmentMutation,
} from '../api';
import type { Match, Rule, Segment, SegmentDraft } from '../types';
import { RulesEditor } from './RulesEditor';

/** How long the live count waits for typing to pause. */
const COUNT_DELAY_MS = 400;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** The rules as the API takes them: a number typed for « avant » / « après » on an attribute is a number. */
export const rulesForApi = (rules: Rule[]): Rule[] =>
  rules.map((rule) =>
    'field' in rule && rule.field.startsWith('attribs.') && (rule.op === 'avant' || rule.op === 'après') && typeof rule.value === 'string' && NUMBER.test(rule.value)
      ? { ...rule, value: Number(rule.value) }
      : rule,
  );

/**
 * A segment being built (issue 37): its name, its list (or all), « toutes » or « au moins une »
 * of its rules, and the contacts it holds now, counted as it is written. Saved, it can be sent a
 * template, or deleted.
 */
export function SegmentEditor({ segment, userId, onClose }: { segment: Segment | null; userId: number; onClose: () => void }) {
  const [draft, setDraft] = useState<SegmentDraft>(() =>
    segment ? { name: segment.name, grp: segment.grp, match: segment.match, rules: segment.rules } : { name: '', grp: null, match: 'tous', rules: [] },
  );
  const [saved, setSaved] = useState<Segment | null>(segment);
  const [error, setError] = useState<FeedbackMessage | null>(null);
  const { data: lists = [] } = useSegmentListChoicesQuery(userId);
  const { data: attribNames = [] } = useSegmentAttribNamesQuery(draft.grp ?? 0, { skip: draft.grp === null });
  const [counted, setCounted] = useState({ grp: draft.grp, match: draft.match, rules: rulesForApi(draft.rules) });
  useEffect(() => {
    const timer = setTimeout(() => setCounted({ grp: draft.grp, match: draft.match, rules: rulesForApi(draft.rules) }), COUNT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft.grp, draft.match, draft.rules]);
  const count = useCountSegmentDraftQuery(counted);
  const [create, { isLoading: creating }] = useCreateSegmentMutation();
  const [update, { isLoading: updating }] = useUpdateSegmentMutation();
  const [remove] = useDeleteSegmentMutation();
  const [deleting, setDeleting] = useState(false);
  const notify = useNotify();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const body = { ...draft, rules: rulesForApi(draft.rules) };
      const result = saved ? await update({ id: saved.id, draft: body }).unwrap() : await create(body).unwrap();
      setSaved(result);
      notify({ severity: 'success', text: t.saved(result.name) });
    } catch (failure) {
      setError({ severity: 'error', text: errorMessage(failure) });
    }
  };

  const confirmDelete = async () => {
    if (!saved) return;
    try {
      await remove(saved.id).unwrap();
      notify({ severity: 'success', text: t.deleted(saved.name) });
      onClose();
    } catch (failure) {
      setError({ severity: 'error', text: errorMessage(failure) });
    }
    setDeleting(false);
  };

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="md" aria-labelledby="segment-editor-title">
      <form noValidate onSubmit={save}>
        <DialogTitle id="segment-editor-title">{saved ? t.editTitle(saved.name) : t.newSegment}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField size="small" autoFocus required label={t.name} value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.target.value })} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <TextField
                select
                size="small"
                label={t.list}
                value={draft.grp === null ? '' : String(draft.grp)}
                onChange={(event) => setDraft({ ...draft, grp: event.target.value === '' ? null : Number(event.target.value) })}
                sx={{ minWidth: 240 }}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">{t.allLists}</MenuItem>
                {lists.map((list) => (
                  <MenuItem key={list.id} value={String(list.id)}>
                    {list.label}
                  </MenuItem>
                ))}
              </TextField>
              <TextField select size="small" label={t.match} value={draft.match} onChange={(event) => setDraft({ ...draft, match: event.target.value as Match })} sx={{ minWidth: 240 }}>
                {(['tous', 'au moins un'] as const).map((match) => (
                  <MenuItem key={match} value={match}>
                    {t.matches[match]}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <RulesEditor rules={draft.rules} attribNames={attribNames} onChange={(rules) => setDraft({ ...draft, rules })} />
            <Box role="status" aria-live="polite">
              {count.isFetching ? (
                <Typography variant="body2">{t.counting}</Typography>
              ) : count.isError ? (
                <Alert severity="warning">{errorMessage(count.error)}</Alert>
              ) : count.data !== undefined ? (
                <Typography variant="h6" component="p">
                  {t.count(count.data)}
                </Typography>
              ) : null}
            </Box>
            <Feedback message={error} />
            {saved ? <SendToSegment segment={saved} userId={userId} count={count.data ?? 0} /> : <Typography variant="body2">{t.send.saveFirst}</Typography>}
          </Stack>
        </DialogContent>
        <DialogActions>
          {saved && (
            <Button color="error" onClick={() => setDeleting(true)}>
              {t.delete}
            </Button>
          )}
          <Button onClick={onClose}>{fr.common.close}</Button>
          <Button type="submit" variant="contained" disabled={creating || updating || draft.name.trim() === ''}>
            {t.save}
          </Button>
        </DialogActions>
      </form>
      <ConfirmDialog open={deleting} title={t.deleteTitle} text={saved ? t.deleteQuestion(saved.name) : ''} onConfirm={() => void confirmDelete()} onCancel={() => setDeleting(false)} />
    </Dialog>
  );
}

/** A template sent to the saved segment, after Oui/Non: its contacts as they are when the send starts. */
function SendToSegment({ segment, userId, count }: { segment: Segment; userId: number; count: number }) {
  const { data: templates = [] } = useSegmentTemplateChoicesQuery(userId);
  const [template, setTemplate] = useState<number | ''>('');
  const [confirming, setConfirming] = useState(false);
  const [send, { isLoading }] = useSendToSegmentMutation();
  const notify = useNotify();
  const chosen = templates.find((choice) => choice.id === template);
  const go = async () => {
    setConfirming(false);
    if (template === '') return;
    try {
      const started = await send({ delId: template, segmentId: segment.id }).unwrap();
      notify({ severity: 'success', text: t.send.started(started.total) });
    } catch (failure) {
      notify({ severity: 'error', text: errorMessage(failure) });
    }
  };
  return (
    <Stack component="section" aria-labelledby="segment-send-title" spacing={1}>
      <Typography id="segment-send-title" variant="subtitle1" component="h3">
        {t.send.title}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField select size="small" label={t.send.template} value={template === '' ? '' : String(template)} onChange={(event) => setTemplate(event.target.value === '' ? '' : Number(event.target.value))} sx={{ minWidth: 260 }}>
          {templates.map((choice) => (
            <MenuItem key={choice.id} value={String(choice.id)}>
              {choice.label}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" disabled={template === '' || isLoading} onClick={() => setConfirming(true)}>
          {t.send.submit}
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t.send.confirmTitle}
        text={t.send.confirm(chosen?.label ?? '', segment.name, count)}
        confirmColor="primary"
        onConfirm={() => void go()}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
