import { useState, type FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { apiUrl } from '../../../shared/config/hosts';
import { frSuppressions as t } from '../../../shared/i18n/frSuppressions';
import { formatFrenchDateTime } from '../../../shared/lib/dates';
import { followDownload } from '../../../shared/lib/download';
import { isSimpleEmail } from '../../../shared/lib/validation';
import { selectCanSend, selectIsAdmin } from '../../../shared/session';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { Feedback, useNotify, type FeedbackMessage } from '../../../shared/ui/Feedback';
import { Section } from '../../../shared/ui/Section';
import { useTableQuery } from '../../../shared/ui/useTableQuery';
import {
  suppressionsCsvPath,
  useAddSuppressionMutation,
  useGetSuppressionsPageQuery,
  useRemoveSuppressionMutation,
  useSuppressionsDownloadLinkMutation,
} from '../api';
import { OPERATOR_REASONS, SUPPRESSION_REASONS, type CsvSeparator, type Suppression, type SuppressionReason } from '../types';

const columns = (admin: boolean): Column<Suppression>[] => [
  { key: 'email', label: t.email, text: (s) => s.email, sortField: 'email' },
  { key: 'reason', label: t.reason, text: (s) => t.reasons[s.reason] ?? s.reason, sortField: 'reason' },
  { key: 'source', label: t.source, text: (s) => t.sources[s.source] ?? s.source },
  { key: 'at', label: t.at, text: (s) => formatFrenchDateTime(s.at), sortField: 'at' },
  { key: 'addedBy', label: t.addedBy, text: (s) => s.addedByEmail ?? '' },
  ...(admin ? [{ key: 'owner', label: t.owner, text: (s: Suppression) => s.userEmail ?? String(s.user) }] : []),
];

/**
 * The suppression list (docs/architecture.md, «Suppression list»): the caller's (an admin's:
 * every owner's), searched by address and filtered by reason on the server; an address added
 * by hand, one taken off after Oui/Non, and the list (or what is shown) exported as CSV.
 */
export function SuppressionsSection() {
  const admin = useSelector(selectIsAdmin);
  // Exports and erasures are a sender's (server/shared/access.ts): an éditeur's console shows neither.
  const canSend = useSelector(selectCanSend);
  const [query, setQuery] = useTableQuery([{ field: 'at', direction: 'desc' }]);
  const [reason, setReason] = useState<SuppressionReason | ''>('');
  const { data, isFetching } = useGetSuppressionsPageQuery({ query, reason: reason || undefined });
  const [separator, setSeparator] = useState<CsvSeparator>(';');
  const [exporting, setExporting] = useState(false);
  const [downloadLink] = useSuppressionsDownloadLinkMutation();
  const [removing, setRemoving] = useState<Suppression | null>(null);
  const [remove, { isLoading: removeBusy }] = useRemoveSuppressionMutation();
  const notify = useNotify();

  const exportCsv = async (filtered: boolean) => {
    setExporting(true);
    try {
      const search = query.search.trim();
      const filter = filtered ? { ...(search ? { search } : {}), ...(reason ? { reason } : {}), separator } : { separator };
      const { token } = await downloadLink(filter).unwrap();
      followDownload(apiUrl(suppressionsCsvPath(token)));
    } catch (failure) {
      notify({ severity: 'error', text: errorMessage(failure) });
    }
    setExporting(false);
  };

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove({ email: removing.email, user: removing.user }).unwrap();
      notify({ severity: 'success', text: t.removed(removing.email) });
    } catch (failure) {
      notify({ severity: 'error', text: errorMessage(failure) });
    }
    setRemoving(null);
  };

  const filtered = !!(reason || query.search.trim());

  return (
    <Section title={t.title}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t.intro}
      </Typography>
      <AddSuppressionForm />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', my: 2 }}>
        <TextField
          select
          size="small"
          label={t.reasonFilter}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value as SuppressionReason | '');
            setQuery({ ...query, page: 1 });
          }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t.allReasons}</MenuItem>
          {SUPPRESSION_REASONS.map((r) => (
            <MenuItem key={r} value={r}>
              {t.reasons[r]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t.separator}
          value={separator}
          onChange={(event) => setSeparator(event.target.value as CsvSeparator)}
          sx={{ minWidth: 200 }}
        >
          {(Object.keys(t.separators) as CsvSeparator[]).map((s) => (
            <MenuItem key={s} value={s}>
              {t.separators[s]}
            </MenuItem>
          ))}
        </TextField>
        {canSend && (
          <Button variant="outlined" size="small" disabled={exporting} onClick={() => void exportCsv(false)}>
            {exporting ? t.exporting : t.exportAll}
          </Button>
        )}
        {canSend && filtered && (
          <Button variant="outlined" size="small" disabled={exporting} onClick={() => void exportCsv(true)}>
            {t.exportView}
          </Button>
        )}
      </Stack>
      <DataTable
        label={t.title}
        columns={columns(admin)}
        rows={data?.rows ?? []}
        total={data?.total ?? 0}
        query={query}
        onQueryChange={setQuery}
        rowKey={(s) => s.id}
        loading={isFetching}
        actionsLabel={canSend ? t.actions : undefined}
        actions={canSend ? (s) => (
          <Button size="small" color="error" aria-label={t.removeLabel(s.email)} onClick={() => setRemoving(s)}>
            {t.remove}
          </Button>
        ) : undefined}
      />
      {data && data.total === 0 && !isFetching && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t.empty}
        </Typography>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t.confirmTitle}
        text={removing ? t.confirmText(removing.email, t.reasons[removing.reason] ?? removing.reason) : ''}
        busy={removeBusy}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </Section>
  );
}

/** Adds an address to the caller's list, with its reason; the outcome under the form. */
function AddSuppressionForm() {
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState<SuppressionReason>('opérateur');
  const [invalid, setInvalid] = useState(false);
  const [result, setResult] = useState<FeedbackMessage | null>(null);
  const [add, { isLoading }] = useAddSuppressionMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const address = email.trim();
    setInvalid(!isSimpleEmail(address));
    if (!isSimpleEmail(address)) return;
    try {
      const added = await add({ email: address, reason }).unwrap();
      setEmail('');
      setResult({ severity: 'success', text: t.add.added(added.email) });
    } catch (failure) {
      setResult({ severity: 'error', text: errorMessage(failure) });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t.add.title}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          required
          type="email"
          name="email"
          label={t.add.email}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={invalid}
          helperText={invalid ? t.add.invalid : undefined}
          sx={{ minWidth: 260 }}
        />
        <TextField
          select
          size="small"
          label={t.add.reason}
          value={reason}
          onChange={(event) => setReason(event.target.value as SuppressionReason)}
          sx={{ minWidth: 180 }}
        >
          {OPERATOR_REASONS.map((r) => (
            <MenuItem key={r} value={r}>
              {t.reasons[r]}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {t.add.submit}
        </Button>
      </Stack>
      <Feedback message={result} />
    </Box>
  );
}
