import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Checkbox, FormControlLabel, FormGroup, FormHelperText, Stack, TextField, Typography } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { frAccount } from '../../../shared/i18n/frAccount';
import { formatFrenchDate, formatFrenchDateTime } from '../../../shared/lib/dates';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { useNotify } from '../../../shared/ui/Feedback';
import { Section } from '../../../shared/ui/Section';
import { useTableQuery } from '../../../shared/ui/useTableQuery';
import { useCreateTokenMutation, useGetTokensPageQuery, useRevokeTokenMutation } from '../api';
import { TOKEN_SCOPES, type ApiToken, type TokenScope } from '../types';

const t = frAccount.tokens;

const columns: Column<ApiToken>[] = [
  { key: 'name', label: t.name, text: (k) => k.name, sortField: 'name' },
  { key: 'scopes', label: t.scopes, text: (k) => k.scopes.map((scope) => t.scopeNames[scope] ?? scope).join(', ') },
  { key: 'created', label: t.created, text: (k) => formatFrenchDate(k.created), sortField: 'created' },
  { key: 'lastUsed', label: t.lastUsed, text: (k) => (k.lastUsedAt ? formatFrenchDateTime(k.lastUsedAt) : t.never) },
  { key: 'expires', label: t.expires, text: (k) => (k.expiresAt ? formatFrenchDate(k.expiresAt) : t.none) },
];

/**
 * The caller's API tokens (issue 39): made with a name, scopes and an optional expiry, shown
 * once in clear (in the page's state only, gone when it closes), revoked after Oui/Non.
 */
export function TokensSection() {
  const [query, setQuery] = useTableQuery([{ field: 'created', direction: 'desc' }]);
  const { data, isFetching } = useGetTokensPageQuery(query);
  const [revoke, { isLoading: revoking }] = useRevokeTokenMutation();
  const [revoked, setRevoked] = useState<ApiToken | null>(null);
  const notify = useNotify();

  const confirmRevoke = async () => {
    if (!revoked) return;
    try {
      await revoke(revoked.id).unwrap();
      notify({ severity: 'success', text: t.revoked(revoked.name) });
    } catch (failure) {
      notify({ severity: 'error', text: errorMessage(failure) });
    }
    setRevoked(null);
  };

  return (
    <Section title={t.title}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t.intro}
      </Typography>
      <NewTokenForm />
      <DataTable
        label={t.title}
        columns={columns}
        rows={data?.rows ?? []}
        total={data?.total ?? 0}
        query={query}
        onQueryChange={setQuery}
        rowKey={(k) => k.id}
        loading={isFetching}
        actionsLabel={t.actions}
        actions={(k) => (
          <Button size="small" color="error" aria-label={t.revokeLabel(k.name)} onClick={() => setRevoked(k)}>
            {t.revoke}
          </Button>
        )}
      />
      {data && data.total === 0 && !isFetching && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t.empty}
        </Typography>
      )}
      <ConfirmDialog
        open={revoked !== null}
        title={t.revokeTitle}
        text={revoked ? t.revokeText(revoked.name) : ''}
        busy={revoking}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoked(null)}
      />
    </Section>
  );
}

function NewTokenForm() {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>([]);
  const [expiresAt, setExpiresAt] = useState('');
  const [tried, setTried] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const [create, { isLoading }] = useCreateTokenMutation();
  const notify = useNotify();
  const nameMissing = !name.trim();
  const scopesMissing = scopes.length === 0;

  const toggle = (scope: TokenScope) => setScopes((current) => (current.includes(scope) ? current.filter((s) => s !== scope) : [...current, scope]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (nameMissing || scopesMissing) return;
    setShown(null);
    try {
      const made = await create({ name: name.trim(), scopes, ...(expiresAt ? { expiresAt: new Date(`${expiresAt}T23:59:59`).toISOString() } : {}) }).unwrap();
      setShown(made.token);
      setName('');
      setScopes([]);
      setExpiresAt('');
      setTried(false);
    } catch (failure) {
      notify({ severity: 'error', text: errorMessage(failure) });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t.create} sx={{ mb: 2 }}>
      <Stack spacing={1}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={t.name}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={tried && nameMissing}
            helperText={tried && nameMissing ? t.nameRequired : ' '}
          />
          <TextField
            size="small"
            type="date"
            label={t.expiresAt}
            value={expiresAt}
            onChange={(event) => setExpiresAt(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            helperText=" "
          />
        </Stack>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle2">
            {t.scopes}
          </Typography>
          <FormGroup row>
            {TOKEN_SCOPES.map((scope) => (
              <FormControlLabel key={scope} control={<Checkbox checked={scopes.includes(scope)} onChange={() => toggle(scope)} />} label={t.scopeNames[scope]} />
            ))}
          </FormGroup>
          {tried && scopesMissing && <FormHelperText error>{t.scopesRequired}</FormHelperText>}
        </Box>
        <Box>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {t.create}
          </Button>
        </Box>
        {shown && (
          <Alert severity="success">
            {t.created1}
            <TextField fullWidth size="small" label={t.tokenLabel} value={shown} slotProps={{ htmlInput: { readOnly: true } }} sx={{ mt: 1 }} />
          </Alert>
        )}
      </Stack>
    </Box>
  );
}
