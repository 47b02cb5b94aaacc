import { useEffect, useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { Dialog, DialogContent, LinearProgress } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import { useCreateDeliveryMutation, useGetDeliveryQuery } from '../api';
import { DeliveryForm, type Notice, type TabName } from './DeliveryForm';
import { ErrorAlert } from './ErrorAlert';

interface Props {
  /** null: a new template, created empty as the editor opens (spec §4). */
  deliveryId: number | null;
  category: string;
  onClose: () => void;
}

const newInternalName = () => `modele-${Date.now().toString(36)}`;

/** The template editor modal: loads (or first creates) the delivery, then edits it. */
export function DeliveryEditor({ deliveryId, category, onClose }: Props) {
  const [id, setId] = useState(deliveryId);
  const [tab, setTab] = useState<TabName>('general');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [createDelivery, creation] = useCreateDeliveryMutation();
  const creating = useRef(false);

  useEffect(() => {
    if (id !== null || creating.current) return;
    creating.current = true;
    createDelivery({ label: fr.deliveries.newTemplateLabel, internalname: newInternalName(), category })
      .unwrap()
      .then(
        (created) => setId(created.id),
        () => undefined,
      );
  }, [id, category, createDelivery]);

  const { data: delivery, error } = useGetDeliveryQuery(id ?? skipToken);
  const failure = creation.error ?? error;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="delivery-editor-title">
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
