import type { ReactNode } from 'react';
import { LinearProgress, Typography } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import { TabbedDialog } from '../../../shared/ui/TabbedDialog';
import { useGetListQuery } from '../api';
import { CiblageTab } from './CiblageTab';
import { GeneralTab } from './GeneralTab';
import { ListSequenceTab } from './ListSequenceTab';

export interface ListEditorProps {
  listId: number;
  onClose: () => void;
  /** The sends made to the list, given by the page (the sending feature owns them). */
  renderWorkflow?: (listId: number) => ReactNode;
}

/** The list editor modal (spec §2.5): tabs General, Ciblage, Séquence, Workflow. */
export function ListEditor({ listId, onClose, renderWorkflow }: ListEditorProps) {
  const { data: list } = useGetListQuery(listId);
  if (!list) return <LinearProgress aria-label="chargement" />;
  return (
    <TabbedDialog
      open
      title={fr.lists.editorTitle(list.subject)}
      onClose={onClose}
      tabs={[
        { label: fr.lists.tabs.general, content: <GeneralTab list={list} onDeleted={onClose} /> },
        { label: fr.lists.tabs.ciblage, content: <CiblageTab list={list} /> },
        { label: fr.lists.tabs.sequence, content: <ListSequenceTab list={list} /> },
        {
          label: fr.lists.tabs.workflow,
          content: renderWorkflow ? renderWorkflow(list.id) : <Typography color="text.secondary">{fr.lists.workflowEmpty}</Typography>,
        },
      ]}
    />
  );
}
