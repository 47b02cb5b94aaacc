import { useState, type FormEvent } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { frUsers as t } from '../../../shared/i18n/frUsers';
import { formatFrenchDate } from '../../../shared/lib/dates';
import { isSimpleEmail } from '../../../shared/lib/validation';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { useNotify } from '../../../shared/ui/Feedback';
import { Section } from '../../../shared/ui/Section';
import { useTableQuery } from '../../../shared/ui/useTableQuery';
import { useChangeRolesMutation, useDeactivateUserMutation, useGetUsersPageQuery, useInviteUserMutation, useTransferUserMutation } from '../api';
import { mainRole, ROLES, type Role, type User } from '../types';

const stateOf = (user: User) => (user.deactivatedAt ? t.states.deactivated : user.invitedAt ? t.states.invited : t.states.active);

/**
 * « Utilisateurs » (issue 39): everyone of the console, an invitation by address and role, a
 * role changed in place, a user deactivated after Oui/Non and their rows given to another. The
 * server keeps the last active admin (a 409 says so here).
 */
export function UsersSection() {
  const [query, setQuery] = useTableQuery([{ field: 'email', direction: 'asc' }]);
  const { data, isFetching } = useGetUsersPageQuery(query);
  const [changeRoles] = useChangeRolesMutation();
  const [deactivate, { isLoading: deactivating }] = useDeactivateUserMutation();
  const [leaving, setLeaving] = useState<User | null>(null);
  const [giving, setGiving] = useState<User | null>(null);
  const notify = useNotify();

  const setRole = async (user: User, role: Role) => {
    try {
      await changeRoles({ id: user.id, roles: [role] }).unwrap();
      notify({ severity: 'success', text: t.roleChanged(user.email, t.roleNames[role]) });
    } catch (failure) {
      notify({ severity: 'error', text: errorMessage(failure) });
    }
  };

  const confirmDeactivate = async () => {
    if (!leaving) return;
    try {
      await deactivate(leaving.id).unwrap();
      notify({ severity: 'success', text: t.deactivated(leaving.email) });
    } catch (failure) {
      notify({ severity: 'error', text: errorMessage(failure) });
    }
    setLeaving(null);
  };

  const columns: Column<User>[] = [
    { key: 'email', label: t.email, text: (u) => u.email, sortField: 'email' },
    {
      key: 'roles',
      label: t.roles,
      text: (u) => t.roleNames[mainRole(u.roles) ?? ''] ?? u.roles.join(', '),
      render: (u) =>
        u.deactivatedAt ? (
          (t.roleNames[mainRole(u.roles) ?? ''] ?? '')
        ) : (
          <TextField
            select
            size="small"
            variant="standard"
            value={mainRole(u.roles) ?? ''}
            onChange={(event) => void setRole(u, event.target.value as Role)}
            slotProps={{ htmlInput: { 'aria-label': t.changeRole(u.email) } }}
          >
            {ROLES.map((role) => (
              <MenuItem key={role} value={role}>
                {t.roleNames[role]}
              </MenuItem>
            ))}
          </TextField>
        ),
    },
    { key: 'state', label: t.state, text: stateOf },
    { key: 'created', label: t.created, text: (u) => formatFrenchDate(u.created), sortField: 'created' },
  ];

  return (
    <Section title={t.title}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t.intro}
      </Typography>
      <InviteForm />
      <DataTable
        label={t.title}
        columns={columns}
        rows={data?.rows ?? []}
        total={data?.total ?? 0}
        query={query}
        onQueryChange={setQuery}
        rowKey={(u) => u.id}
        loading={isFetching}
        actionsLabel={t.actions}
        actions={(u) => (
          <Stack direction="row" spacing={1}>
            {!u.deactivatedAt && (
              <Button size="small" color="error" aria-label={t.deactivateLabel(u.email)} onClick={() => setLeaving(u)}>
                {t.deactivate}
              </Button>
            )}
            <Button size="small" aria-label={t.transferLabel(u.email)} onClick={() => setGiving(u)}>
              {t.transfer}
            </Button>
          </Stack>
        )}
      />
      {data && data.total === 0 && !isFetching && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t.empty}
        </Typography>
      )}
      <ConfirmDialog
        open={leaving !== null}
        title={t.deactivateTitle}
        text={leaving ? t.deactivateText(leaving.email) : ''}
        busy={deactivating}
        onConfirm={() => void confirmDeactivate()}
        onCancel={() => setLeaving(null)}
      />
      {giving && <TransferDialog from={giving} users={(data?.rows ?? []).filter((u) => u.id !== giving.id && !u.deactivatedAt)} onClose={() => setGiving(null)} />}
    </Section>
  );
}

/** An address and a role: the server mails the invitation. */
function InviteForm() {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('ROLE_EDITEUR');
  const [tried, setTried] = useState(false);
  const [invite, { isLoading }] = useInviteUserMutation();
  const notify = useNotify();
  const invalid = !isSimpleEmail(email.trim());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (invalid) return;
    try {
      const user = await invite({ email: email.trim(), roles: [role] }).unwrap();
      notify({ severity: 'success', text: t.invite.done(user.email) });
      setEmail('');
      setTried(false);
    } catch (failure) {
      notify({ severity: 'error', text: errorMessage(failure) });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t.invite.title} sx={{ mb: 2 }}>
      <Typography variant="h6" component="h3" gutterBottom>
        {t.invite.title}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          type="email"
          label={t.invite.email}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={tried && invalid}
          helperText={tried && invalid ? t.invite.emailRequired : ' '}
          sx={{ minWidth: 260 }}
        />
        <TextField select size="small" label={t.invite.role} value={role} onChange={(event) => setRole(event.target.value as Role)} sx={{ minWidth: 180 }}>
          {ROLES.map((r) => (
            <MenuItem key={r} value={r}>
              {t.roleNames[r]}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {t.invite.submit}
        </Button>
      </Stack>
    </Box>
  );
}

/** Gives a user's lists, templates, sends and automations to another active user. */
function TransferDialog({ from, users, onClose }: { from: User; users: User[]; onClose: () => void }) {
  const [to, setTo] = useState<number | ''>('');
  const [transfer, { isLoading }] = useTransferUserMutation();
  const notify = useNotify();
  const submit = async () => {
    if (to === '') return;
    try {
      const { moved } = await transfer({ id: from.id, to }).unwrap();
      notify({ severity: 'success', text: t.transferred(moved.grp ?? 0, moved.delivery ?? 0) });
      onClose();
    } catch (failure) {
      notify({ severity: 'error', text: errorMessage(failure) });
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="transfer-title">
      <DialogTitle id="transfer-title">{t.transferTitle(from.email)}</DialogTitle>
      <DialogContent>
        <TextField select fullWidth label={t.transferTo} value={to} onChange={(event) => setTo(Number(event.target.value))} sx={{ mt: 1 }}>
          {users.map((u) => (
            <MenuItem key={u.id} value={u.id}>
              {u.email}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.cancel}</Button>
        <Button variant="contained" disabled={to === '' || isLoading} onClick={() => void submit()}>
          {t.transferSubmit}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
