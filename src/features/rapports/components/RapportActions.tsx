import { useState } from 'react';
import { useSelector } from 'react-redux';
import { Button, Stack } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { frRapports as t } from '../../../shared/i18n/frRapports';
import { selectAccessToken, type SessionRootState } from '../../../shared/session';
import { downloadText } from '../../../shared/trace';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { useNotify } from '../../../shared/ui/Feedback';
import { readRapportText, useDeleteRapportMutation, useUpdateRapportMutation } from '../api';
import type { Rapport } from '../types';

/** A report's actions: mark it treated (or to treat), download its file, delete it (asked first). */
export function RapportActions({ rapport, onDeleted }: { rapport: Rapport; onDeleted?: () => void }) {
  const token = useSelector((state: SessionRootState) => selectAccessToken(state));
  const notify = useNotify();
  const [update, { isLoading: updating }] = useUpdateRapportMutation();
  const [remove, { isLoading: removing }] = useDeleteRapportMutation();
  const [confirming, setConfirming] = useState(false);
  const done = rapport.status === 'traité';

  const run = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (failure) {
      notify({ severity: 'error', text: failure instanceof Error ? failure.message : errorMessage(failure) });
    }
  };
  const download = () => run(async () => downloadText(`tgm-bug-${rapport.reference}.json`, await readRapportText(rapport.id, token)));
  const confirmDelete = () =>
    run(async () => {
      await remove(rapport.id).unwrap();
      setConfirming(false);
      notify({ severity: 'success', text: t.deleted(rapport.reference) });
      onDeleted?.();
    });

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      <Button size="small" disabled={updating} onClick={() => void run(() => update({ id: rapport.id, status: done ? 'à traiter' : 'traité' }).unwrap())}>
        {done ? t.markTodo : t.markDone}
      </Button>
      <Button size="small" onClick={() => void download()}>
        {t.download}
      </Button>
      <Button size="small" color="error" onClick={() => setConfirming(true)}>
        {t.delete}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t.delete}
        text={t.confirmDelete(rapport.reference)}
        busy={removing}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
