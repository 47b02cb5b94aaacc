import { useEffect, useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { Dialog, DialogContent, LinearProgress, useMediaQuery, useTheme } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import { NotFoundDialog } from '../../../shared/ui/NotFoundDialog';
import { useCreateDeliveryMutation, useGetDeliveryQuery, useUpdateDeliveryMutation } from '../api';
import { DeliveryForm, type Notice, type TabName } from './DeliveryForm';
import { ErrorAlert } from './ErrorAlert';

interface Props {
  /** null: a new template, created empty as the editor opens (spec §4). */
  deliveryId: number | null;
  category: string;
  onClose: () => void;
  /** The open tab, when the address names it; absent, the editor keeps its own. */
  tab?: string;
  onTab?: (tab: TabName) => void;
  /** A new template was created (its id): the page gives it its address. */
  onCreated?: (id: number) => void;
  /** The template was just created by '+': closed never saved, it is soft-deleted (no empty "Nouveau modèle" left behind). */
  discardIfUntouched?: boolean;
}

const isTabName = (tab: string | undefined): tab is TabName => tab !== undefined && tab in fr.deliveries.tabs;

const newInternalName = () => `modele-${Date.now().toString(36)}`;

/** The template editor modal: loads (or first creates) the delivery, then edits it. */
export function DeliveryEditor({ deliveryId, category, onClose: close, tab: addressTab, onTab, onCreated, discardIfUntouched = false }: Props) {
  const [id, setId] = useState(deliveryId);
  const [ownTab, setOwnTab] = useState<TabName>('general');
  const tab = isTabName(addressTab) ? addressTab : ownTab;
  const setTab = (next: TabName) => {
    setOwnTab(next);
    onTab?.(next);
  };
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [notice, setNotice] = useState<Notice | null>(null);
  const [createDelivery, creation] = useCreateDeliveryMutation();
  const creating = useRef(false);

  useEffect(() => {
    if (id !== null || creating.current) return;
    creating.current = true;
    createDelivery({ label: fr.deliveries.newTemplateLabel, internalname: newInternalName(), category })
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
  if (missing) return <NotFoundDialog text={fr.templates.notFound} onClose={onClose} />;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" fullScreen={fullScreen} aria-labelledby="delivery-editor-title">
      {delivery ? (
        // A saved version starts a fresh working copy.
        <DeliveryForm
          key={`${delivery.id}:${delivery.version}:${delivery.lastModified}`}
          delivery={delivery}
          tab={tab}
          onTab={setTab}
          notice={notice}
          onNotice={setNotice}
          onClose={onClose}
        />
      ) : (
        <DialogContent>
          {failure ? <ErrorAlert error={failure} /> : <LinearProgress aria-label={fr.deliveries.creating} />}
        </DialogContent>
      )}
    </Dialog>
  );
}
