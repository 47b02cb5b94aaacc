import type { ReactNode } from 'react';
import { LinearProgress, Typography } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
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
  if (isError || list?.actif === 0) return <NotFoundDialog text={fr.lists.notFound} onClose={onClose} />;
  const tabs = list
    ? [
        { label: fr.lists.tabs.general, slug: 'general', content: <GeneralTab list={list} onDeleted={onClose} /> },
        { label: fr.contacts.tab, slug: 'contacts', content: <ContactsTable listId={list.id} /> },
        { label: fr.lists.tabs.ciblage, slug: 'ciblage', content: <CiblageTab list={list} /> },
        { label: fr.lists.tabs.sequence, slug: 'sequence', content: <ListSequenceTab list={list} /> },
        {
          label: fr.lists.tabs.workflow,
          slug: 'workflow',
          content: renderWorkflow ? renderWorkflow(list.id) : <Typography color="textSecondary">{fr.lists.workflowEmpty}</Typography>,
        },
      ]
    : [];
  // While it loads, the same dialog holds a progress bar: focus and the address are in place already.
  return (
    <TabbedDialog
      open
      title={list ? fr.lists.editorTitle(list.subject) : fr.lists.loading}
      onClose={onClose}
      activeSlug={tab}
      onTabChange={onTabChange}
      pending={list ? undefined : <LinearProgress aria-label={fr.lists.loading} />}
      tabs={tabs}
    />
  );
}
