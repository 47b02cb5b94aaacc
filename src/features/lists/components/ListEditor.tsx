import type { ReactNode } from 'react';
import { LinearProgress, Typography } from '@mui/material';
import { frConsole } from '../../../shared/i18n/frConsole';
import { NotFoundDialog } from '../../../shared/ui/NotFoundDialog';
import { TabbedDialog } from '../../../shared/ui/TabbedDialog';
import { useGetListQuery } from '../api';
import { CiblageTab } from './CiblageTab';
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
  /** The address of the list's contacts page, given by the page that owns the addresses. */
  contactsHref?: string;
}

/**
 * The list editor modal (spec §2.5): tabs General, Ciblage, Séquence, Workflow. The contacts
 * have a page of their own, wide enough for their columns (issue 41), which General links to.
 */
export function ListEditor({ listId, onClose, tab, onTabChange, renderWorkflow, contactsHref }: ListEditorProps) {
  const { data: list, isError } = useGetListQuery(listId);
  // 404 and 403 read the same: whether someone else's list exists is not the caller's business.
  if (isError || list?.actif === 0) return <NotFoundDialog text={frConsole.lists.notFound} onClose={onClose} />;
  const tabs = list
    ? [
        { label: frConsole.lists.tabs.general, slug: 'general', content: <GeneralTab list={list} onDeleted={onClose} contactsHref={contactsHref} /> },
        { label: frConsole.lists.tabs.ciblage, slug: 'ciblage', hint: frConsole.hints.tabs.ciblage, content: <CiblageTab list={list} /> },
        { label: frConsole.lists.tabs.sequence, slug: 'sequence', hint: frConsole.hints.tabs.sequence, content: <ListSequenceTab list={list} /> },
        {
          label: frConsole.lists.tabs.workflow,
          slug: 'workflow',
          hint: frConsole.hints.tabs.workflow,
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
