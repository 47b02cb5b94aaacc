import type { ReactNode } from 'react';
import { LinearProgress, Typography } from '@mui/material';
import { frConsole } from '../../../shared/i18n/frConsole';
import { NotFoundDialog } from '../../../shared/ui/NotFoundDialog';
import { TabbedDialog } from '../../../shared/ui/TabbedDialog';
import { useGetListQuery } from '../api';
import { CiblageTab } from './CiblageTab';
import { ContactsTable } from './ContactsTable';
import { GeneralTab } from './GeneralTab';
import { ListSequenceTab } from './ListSequenceTab';

export interface ListEditorProps {
  listId: number;
  onClose: () => void;
  /** The open tab's slug (general, contacts, ciblage, sequence, workflow), when the address names one. */
  tab?: string;
  onTabChange?: (tab: string) => void;
  /** The sends made to the list, given by the page (the sending feature owns them). */
  renderWorkflow?: (listId: number) => ReactNode;
}

/** The list editor modal (spec §2.5): tabs General, Contacts, Ciblage, Séquence, Workflow. */
export function ListEditor({ listId, onClose, tab, onTabChange, renderWorkflow }: ListEditorProps) {
  const { data: list, isError } = useGetListQuery(listId);
  // 404 and 403 read the same: whether someone else's list exists is not the caller's business.
  if (isError || list?.actif === 0) return <NotFoundDialog text={frConsole.lists.notFound} onClose={onClose} />;
  const tabs = list
    ? [
        { label: frConsole.lists.tabs.general, slug: 'general', content: <GeneralTab list={list} onDeleted={onClose} /> },
        { label: frConsole.contacts.tab, slug: 'contacts', content: <ContactsTable listId={list.id} /> },
        { label: frConsole.lists.tabs.ciblage, slug: 'ciblage', content: <CiblageTab list={list} /> },
        { label: frConsole.lists.tabs.sequence, slug: 'sequence', content: <ListSequenceTab list={list} /> },
        {
          label: frConsole.lists.tabs.workflow,
          slug: 'workflow',
          content: renderWorkflow ? renderWorkflow(list.id) : <Typography color="textSecondary">{frConsole.lists.workflowEmpty}</Typography>,
        },
      ]
    : [];
  // While it loads, the same dialog holds a progress bar: focus and the address are in place already.
  return (
    <TabbedDialog
      open
      title={list ? frConsole.lists.editorTitle(list.subject) : frConsole.lists.loading}
      onClose={onClose}
      activeSlug={tab}
      onTabChange={onTabChange}
      pending={list ? undefined : <LinearProgress aria-label={frConsole.lists.loading} />}
      tabs={tabs}
    />
  );
}
