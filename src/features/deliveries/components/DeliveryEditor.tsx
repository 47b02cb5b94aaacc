import { useEffect, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { skipToken } from '@reduxjs/toolkit/query';
import { Alert, Box, LinearProgress } from '@mui/material';
import { frConsole } from '../../../shared/i18n/frConsole';
import { selectIsAdmin } from '../../../shared/session';
import { NotFoundDialog } from '../../../shared/ui/NotFoundDialog';
import { TabbedDialog } from '../../../shared/ui/TabbedDialog';
import { useCreateDeliveryMutation, useGetDeliveryQuery, useUpdateDeliveryMutation } from '../api';
import { DeliveryActions, type Notice } from './DeliveryActions';
import { ErrorAlert } from './ErrorAlert';
import { PANELS, TAB_HINTS, tabsFor } from './tabs/panels';
import type { AmpRefusal } from '../types';
import { useWorkingCopy } from './useWorkingCopy';

interface Props {
  /** null: a new template, created empty as the editor opens (spec §4). */
  deliveryId: number | null;
  category: string;
  onClose: () => void;
  /** The open tab's slug, when the address names it; absent, the editor keeps its own. */
  tab?: string;
  onTab?: (tab: string) => void;
  /** A new template was created (its id): the page gives it its address. */
  onCreated?: (id: number) => void;
  /** The template was just created by '+': closed never saved, it is soft-deleted (no empty "Nouveau modèle" left behind). */
  discardIfUntouched?: boolean;
}

const t = frConsole.deliveries;

const newInternalName = () => `modele-${Date.now().toString(36)}`;

/**
 * The template editor modal: loads (or first creates) the delivery, then edits a working copy
 * of it in the shared `TabbedDialog`, one panel mounted at a time (Code and Contenu each
 * compile through the server: mounted together, both would call and show the message twice).
 */
export function DeliveryEditor({ deliveryId, category, onClose: close, tab, onTab, onCreated, discardIfUntouched = false }: Props) {
  const isAdmin = useSelector(selectIsAdmin);
  const [id, setId] = useState(deliveryId);
  // Here rather than in the working copy: "Version N enregistrée." outlives the version it announces.
  const [notice, setNotice] = useState<Notice | null>(null);
  // Beside it: the AMP errors a save or MEP answered, for the Code tab to mark while the code is unchanged.
  const [ampRefusal, setAmpRefusal] = useState<AmpRefusal | null>(null);
  const [createDelivery, creation] = useCreateDeliveryMutation();
  const creating = useRef(false);

  useEffect(() => {
    if (id !== null || creating.current) return;
    creating.current = true;
    createDelivery({ label: t.newTemplateLabel, internalname: newInternalName(), category })
      .unwrap()
      .then(
        (created) => {
          setId(created.id);
          onCreated?.(created.id);
        },
        () => undefined,
      );
  }, [id, category, createDelivery, onCreated]);

  const { data: delivery, error } = useGetDeliveryQuery(id ?? skipToken);
  const copy = useWorkingCopy(delivery);
  const failure = creation.error ?? error;
  const [updateDelivery] = useUpdateDeliveryMutation();
  const onClose = () => {
    // Never saved: created and last modified at the same instant.
    if (discardIfUntouched && delivery && delivery.actif === 1 && delivery.created === delivery.lastModified) {
      void updateDelivery({ id: delivery.id, patch: { actif: 0 } });
    }
    close();
  };
  // An address naming no template of the caller's (404, 403, or deleted) reads "introuvable".
  const missing = (error !== undefined && 'status' in error && (error.status === 404 || error.status === 403 || error.status === 400)) || delivery?.actif === 0;
  if (missing) return <NotFoundDialog text={frConsole.templates.notFound} onClose={onClose} />;

  const ready = delivery && copy;
  return (
    <TabbedDialog
      open
      title={ready ? t.editorTitle(delivery.label || delivery.internalname) : id === null ? t.creating : frConsole.templates.loading}
      onClose={onClose}
      maxWidth="lg"
      lazyPanels
      activeSlug={tab}
      onTabChange={onTab}
      pending={ready ? undefined : failure ? <ErrorAlert error={failure} /> : <LinearProgress aria-label={id === null ? t.creating : frConsole.templates.loading} />}
      tabs={
        ready
          ? tabsFor(isAdmin).map((name) => {
              const Panel = PANELS[name];
              return {
                label: t.tabs[name],
                slug: name,
                hint: TAB_HINTS[name],
                content: (
                  // Tall enough that the dialog does not jump as the tabs change.
                  <Box sx={{ minHeight: 320 }}>
                    <Panel draft={copy.draft} change={copy.change} ampRefusal={ampRefusal} />
                  </Box>
                ),
              };
            })
          : []
      }
      messages={
        ready && (notice || copy.dirty) ? (
          <>
            {notice && (
              <Alert severity={notice.severity} onClose={() => setNotice(null)}>
                {notice.text}
              </Alert>
            )}
            {copy.dirty && <Alert severity="info">{t.saveFirst}</Alert>}
          </>
        ) : undefined
      }
      actions={
        ready ? (
          <DeliveryActions delivery={delivery} copy={copy} onNotice={setNotice} onAmpRefusal={setAmpRefusal} onDeleted={onClose} />
        ) : undefined
      }
    />
  );
}
