import { useState, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { selectCanSend } from '../../../shared/session';
import { Button, Chip, MenuItem, Stack, TextField, Tooltip } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { apiUrl } from '../../../shared/config/hosts';
import { frConsole } from '../../../shared/i18n/frConsole';
import { formatFrenchDate } from '../../../shared/lib/dates';
import { followDownload } from '../../../shared/lib/download';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { Hinted } from '../../../shared/ui/Hinted';
import { useNotify } from '../../../shared/ui/Feedback';
import { useTableQuery } from '../../../shared/ui/useTableQuery';
import {
  CSV_SEPARATORS,
  contactsCsvPath,
  type CsvSeparator,
  contactsExportFilter,
  useContactsDownloadLinkMutation,
  useGetContactsPageQuery,
  useGetListAttribsQuery,
  useUpdateContactMutation,
} from '../api';
import type { AttribValue, Contact, ContactPatch, ContactStatus } from '../types';
import { ContactEditDialog } from './ContactEditDialog';

const STATUSES: ContactStatus[] = ['actif', 'en attente', 'désabonné', 'retiré', 'rejeté'];
// The palette's warning orange reads below 4.5:1 on white: secondary (#bf360c) does not.
const STATUS_COLOURS: Record<ContactStatus, 'success' | 'secondary' | 'default' | 'error'> = {
  actif: 'success',
  'en attente': 'default',
  désabonné: 'secondary',
  retiré: 'default',
  rejeté: 'error',
};

/** The attribute columns the table shows at most; the contact's dialog shows them all. */
const MAX_ATTRIB_COLUMNS = 8;

/** An attribute as a cell shows it: a boolean in French, a date or a number as stored. */
export const attribCell = (value: AttribValue | undefined): string =>
  value === undefined ? '' : value === true ? frConsole.contacts.attribTrue : value === false ? frConsole.contacts.attribFalse : String(value);

const attribColumns = (names: readonly string[]): Column<Contact>[] =>
  names.slice(0, MAX_ATTRIB_COLUMNS).map((name) => ({ key: `attribs.${name}`, label: name, text: (c) => attribCell(c.attribs?.[name]) }));

const baseColumns: Column<Contact>[] = [
  { key: 'email', label: frConsole.contacts.email, text: (c) => c.email, sortField: 'email' },
  { key: 'firstname', label: frConsole.contacts.firstname, text: (c) => c.firstname ?? '', sortField: 'firstname' },
  { key: 'lastname', label: frConsole.contacts.lastname, text: (c) => c.lastname ?? '', sortField: 'lastname' },
  { key: 'phone', label: frConsole.contacts.phone, text: (c) => c.phone ?? '', sortField: 'phone' },
  { key: 'origin', label: frConsole.contacts.origin, text: (c) => c.origin ?? '', sortField: 'origin' },
  {
    key: 'status',
    label: frConsole.contacts.status,
    text: (c) => frConsole.contacts.statuses[c.status],
    render: (c) => <Chip size="small" variant="outlined" color={STATUS_COLOURS[c.status]} label={frConsole.contacts.statuses[c.status]} />,
    sortField: 'status',
  },
  { key: 'created', label: frConsole.contacts.created, text: (c) => formatFrenchDate(c.created), sortField: 'created' },
];

/**
 * A list's contacts, paged, searched and sorted by the server: edit, unsubscribe or
 * resubscribe, remove or put back, clear a bounce, and export (the list, or what is shown).
 */
export function ContactsTable({ listId, rowExtra }: { listId: number; rowExtra?: (contact: Contact) => ReactNode }) {
  const [query, setQuery] = useTableQuery([{ field: 'created', direction: 'desc' }]);
  const [status, setStatus] = useState<ContactStatus | ''>('');
  const [attrib, setAttrib] = useState({ name: '', value: '' });
  const { data: attribNames = [] } = useGetListAttribsQuery(listId);
  const attribFilter = attrib.name && attrib.value.trim() ? attrib : undefined;
  const { data, isFetching } = useGetContactsPageQuery({ grp: listId, query, status: status || undefined, attrib: attribFilter });
  const columns = [...baseColumns.slice(0, -1), ...attribColumns(attribNames), ...baseColumns.slice(-1)];
  const [update] = useUpdateContactMutation();
  const [editing, setEditing] = useState<Contact | null>(null);
  const [exporting, setExporting] = useState(false);
  // Exports are a sender's (server/shared/access.ts): an éditeur's console shows none.
  const canSend = useSelector(selectCanSend);
  const [separator, setSeparator] = useState<CsvSeparator>(';');
  const notify = useNotify();
  const [downloadLink] = useContactsDownloadLinkMutation();

  const change = async (contact: Contact, patch: ContactPatch, undo?: ContactPatch) => {
    try {
      const saved = await update({ id: contact.id, grp: listId, patch }).unwrap();
      notify(
        { severity: 'success', text: frConsole.contacts.changed(saved.email, frConsole.contacts.statuses[saved.status]) },
        undo ? () => void change(saved, undo) : undefined,
      );
    } catch (failure) {
      notify({ severity: 'error', text: errorMessage(failure) });
    }
  };

  const exportCsv = async (filtered: boolean) => {
    setExporting(true);
    try {
      const filter = contactsExportFilter(filtered ? { query, status: status || undefined, separator, attrib: attribFilter } : { separator });
      const { token } = await downloadLink({ grp: listId, filter }).unwrap();
      followDownload(apiUrl(contactsCsvPath(listId, token)));
    } catch (failure) {
      notify({ severity: 'error', text: errorMessage(failure) });
    }
    setExporting(false);
  };

  const filtered = !!(status || query.search.trim() || attribFilter);

  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={frConsole.contacts.statusFilter}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as ContactStatus | '');
            setQuery({ ...query, page: 1 });
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{frConsole.contacts.allStatuses}</MenuItem>
          {STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {frConsole.contacts.statuses[s]}
            </MenuItem>
          ))}
        </TextField>
        {attribNames.length > 0 && (
          <>
            <TextField
              select
              size="small"
              label={frConsole.contacts.attribFilter}
              value={attrib.name}
              onChange={(event) => {
                setAttrib({ ...attrib, name: event.target.value });
                setQuery({ ...query, page: 1 });
              }}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="">{frConsole.contacts.attribNone}</MenuItem>
              {attribNames.map((name) => (
                <MenuItem key={name} value={name}>
                  {name}
                </MenuItem>
              ))}
            </TextField>
            {attrib.name && (
              <TextField
                size="small"
                label={frConsole.contacts.attribValue}
                value={attrib.value}
                onChange={(event) => {
                  setAttrib({ ...attrib, value: event.target.value });
                  setQuery({ ...query, page: 1 });
                }}
                sx={{ minWidth: 160 }}
              />
            )}
          </>
        )}
        <TextField
          select
          size="small"
          label={frConsole.contacts.separator}
          value={separator}
          onChange={(event) => setSeparator(event.target.value as CsvSeparator)}
          sx={{ minWidth: 200 }}
        >
          {CSV_SEPARATORS.map((s) => (
            <MenuItem key={s} value={s}>
              {frConsole.contacts.separators[s]}
            </MenuItem>
          ))}
        </TextField>
        {canSend && (
          <Button variant="outlined" size="small" disabled={exporting} onClick={() => void exportCsv(false)}>
            {exporting ? frConsole.contacts.exporting : frConsole.contacts.exportAll}
          </Button>
        )}
        {canSend && filtered && (
          <Button variant="outlined" size="small" disabled={exporting} onClick={() => void exportCsv(true)}>
            {frConsole.contacts.exportView}
          </Button>
        )}
      </Stack>
      <DataTable
        label={frConsole.contacts.title}
        columns={columns}
        rows={data?.rows ?? []}
        total={data?.total ?? 0}
        query={query}
        onQueryChange={setQuery}
        rowKey={(c) => c.id}
        loading={isFetching}
        actions={(contact) => (
          <Stack direction="row" sx={{ gap: 0.5 }}>
            <ContactActions contact={contact} onEdit={() => setEditing(contact)} onChange={change} />
            {rowExtra?.(contact)}
          </Stack>
        )}
      />
      {editing && <ContactEditDialog contact={editing} listId={listId} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

interface ActionsProps {
  contact: Contact;
  onEdit: () => void;
  onChange: (contact: Contact, patch: ContactPatch, undo?: ContactPatch) => Promise<void>;
}

/** What may be done to a contact in its state. */
function ContactActions({ contact, onEdit, onChange }: ActionsProps) {
  const label = (action: string) => `${action} ${contact.email}`;
  const selfUnsubscribed = contact.status === 'désabonné' && contact.unsubscribedBy === 'contact';
  return (
    <Stack direction="row" sx={{ gap: 0.5 }}>
      <Button size="small" onClick={onEdit} aria-label={label(frConsole.contacts.edit)}>
        {frConsole.contacts.edit}
      </Button>
      {contact.status === 'actif' && (
        <>
          <Button size="small" aria-label={label(frConsole.contacts.unsubscribe)} onClick={() => void onChange(contact, { status: 'désabonné' }, { status: 'actif' })}>
            {frConsole.contacts.unsubscribe}
          </Button>
          <Button size="small" color="error" aria-label={label(frConsole.contacts.remove)} onClick={() => void onChange(contact, { status: 'retiré' }, { status: 'actif' })}>
            {frConsole.contacts.remove}
          </Button>
        </>
      )}
      {contact.status === 'désabonné' &&
        (selfUnsubscribed ? (
          <Tooltip title={frConsole.contacts.selfUnsubscribed}>
            {/* A disabled button takes no pointer events: the span carries the reason, also read out. */}
            <span tabIndex={0} aria-label={`${label(frConsole.contacts.resubscribe)} : ${frConsole.contacts.selfUnsubscribed}`}>
              <Button size="small" disabled>
                {frConsole.contacts.resubscribe}
              </Button>
            </span>
          </Tooltip>
        ) : (
          <Button size="small" aria-label={label(frConsole.contacts.resubscribe)} onClick={() => void onChange(contact, { status: 'actif' }, { status: 'désabonné' })}>
            {frConsole.contacts.resubscribe}
          </Button>
        ))}
      {contact.status === 'en attente' && (
        <Button size="small" color="error" aria-label={label(frConsole.contacts.remove)} onClick={() => void onChange(contact, { status: 'retiré' })}>
          {frConsole.contacts.remove}
        </Button>
      )}
      {contact.status === 'retiré' && (
        <Button size="small" aria-label={label(frConsole.contacts.restore)} onClick={() => void onChange(contact, { status: 'actif' }, { status: 'retiré' })}>
          {frConsole.contacts.restore}
        </Button>
      )}
      {contact.status === 'rejeté' && (
        <Hinted hint={frConsole.hints.clearBounce}>
          <Button size="small" aria-label={label(frConsole.contacts.clearBounce)} onClick={() => void onChange(contact, { status: 'actif' })}>
            {frConsole.contacts.clearBounce}
          </Button>
        </Hinted>
      )}
    </Stack>
  );
}
