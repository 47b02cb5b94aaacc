import { useState } from 'react';
import { Button, FormControlLabel, Switch, Tooltip } from '@mui/material';
import { useSelector } from 'react-redux';
import { errorMessage } from '../../../shared/api';
import { frConsole } from '../../../shared/i18n/frConsole';
import { selectCanSend } from '../../../shared/session';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { Hinted } from '../../../shared/ui/Hinted';
import { useGetDeliveryVersionsQuery, usePreviewDeliveryMutation, usePublishDeliveryMutation, useUpdateDeliveryMutation } from '../api';
import { contentOf, savePatch } from '../draft';
import type { AmpRefusal, Delivery } from '../types';
import { ampErrorsOf } from './tabs/ampCheck';
import { SendDialog } from './SendDialog';
import { TestSendDialog } from './TestSendDialog';
import type { WorkingCopy } from './useWorkingCopy';

export interface Notice {
  severity: 'success' | 'error';
  text: string;
}

const t = frConsole.deliveries;

interface Props {
  delivery: Delivery;
  copy: WorkingCopy;
  onNotice: (notice: Notice | null) => void;
  /** A save or MEP refused the AMP code: its errors, for the Code tab to mark (null once a call succeeds). */
  onAmpRefusal: (refusal: AmpRefusal | null) => void;
  /** The template was deleted. */
  onDeleted: () => void;
}

/**
 * The editor's buttons over the working copy (spec §2.5: MEP, BAT, Envoyer and the active
 * toggle; plus Supprimer and Enregistrer), and the popins they open. The editor closes with
 * the dialog's × ("Fermer"), so no second button bears that name.
 */
export function DeliveryActions({ delivery, copy, onNotice, onAmpRefusal, onDeleted }: Props) {
  const { draft, change, dirty, valid } = copy;
  const canSend = useSelector(selectCanSend);
  const [dialog, setDialog] = useState<'bat' | 'send' | 'delete' | 'publish' | 'unknown' | null>(null);
  // Names the code uses that nothing provides, found by the server's preview before a save.
  const [unknown, setUnknown] = useState<string[]>([]);
  const [checkNames, { isLoading: checking }] = usePreviewDeliveryMutation();
  const { data: versions, isFetching: readingVersions } = useGetDeliveryVersionsQuery(delivery.id);
  // The version published until now, which the MEP's confirmation says it replaces (newest first).
  const published = versions?.find((version) => version.publishedAt !== null)?.version ?? null;
  const versionsKnown = versions !== undefined && !readingVersions;
  const [update, { isLoading: saving }] = useUpdateDeliveryMutation();
  const [publish, { isLoading: publishing }] = usePublishDeliveryMutation();
  const busy = saving || publishing || checking;

  /** `ampCode`: the AMP code the call sends or publishes, which a refusal's errors are about. */
  const run = async (work: () => Promise<Notice | null>, ampCode?: string) => {
    onNotice(null);
    try {
      onNotice(await work());
      if (ampCode !== undefined) onAmpRefusal(null);
    } catch (error) {
      onNotice({ severity: 'error', text: errorMessage(error) });
      const errors = ampErrorsOf(error);
      if (errors && ampCode !== undefined) onAmpRefusal({ code: ampCode, errors });
    }
  };
  const save = () =>
    run(async () => {
      const result = await update({ id: delivery.id, patch: savePatch(draft) }).unwrap();
      return { severity: 'success', text: t.saved(result.version) };
    }, draft.codeAmp);
  /** Saving asks first when the code uses a variable nothing provides (issue 41: it would render empty). */
  const checkThenSave = async () => {
    let missing: string[] = [];
    try {
      missing = (await checkNames(contentOf(draft)).unwrap()).missing;
    } catch {
      // A template that does not compile: the save says what it can (it may be saved, not sent).
    }
    if (missing.length === 0) return save();
    setUnknown(missing);
    setDialog('unknown');
  };
  const publishCurrent = () =>
    run(async () => {
      const { id, subject, codeHtml, codeText, internalname, societe, origin, actif, typedel } = delivery;
      const result = await publish({
        id,
        subject,
        codeHtml,
        codeText,
        internalname,
        societe,
        origin,
        actif,
        typedel,
      }).unwrap();
      return { severity: 'success', text: t.published(result.version) };
    }, delivery.codeAmp);
  const remove = () =>
    run(async () => {
      await update({ id: delivery.id, patch: { actif: 0 } }).unwrap();
      onDeleted();
      return null;
    });

  return (
    <>
      <Tooltip title={t.hints.active} describeChild>
        <FormControlLabel
          control={<Switch checked={draft.actif === 1} onChange={(e) => change({ actif: e.target.checked ? 1 : 0 })} />}
          label={t.actions.active}
          sx={{ mr: 'auto' }}
        />
      </Tooltip>
      <Hinted hint={t.hints.delete}>
        <Button color="error" onClick={() => setDialog('delete')} disabled={busy}>
          {t.actions.delete}
        </Button>
      </Hinted>
      <Hinted hint={t.hints.testSend}>
        <Button onClick={() => setDialog('bat')} disabled={!valid}>
          {t.actions.testSend}
        </Button>
      </Hinted>
      {/* Spec §2.5's MEP, named for what it does: the name holds both (docs/decisions.md). */}
      <Hinted hint={dirty ? t.hints.publishDirty : t.hints.publish}>
        <Button onClick={() => setDialog('publish')} disabled={busy || dirty}>
          {t.actions.publish}
        </Button>
      </Hinted>
      {/* An éditeur prepares, never sends: the server refuses it too (server/shared/access.ts). */}
      {canSend && (
        <Hinted hint={dirty ? t.hints.sendDirty : t.hints.send}>
          <Button onClick={() => setDialog('send')} disabled={busy || dirty || delivery.actif === 0}>
            {t.actions.send}
          </Button>
        </Hinted>
      )}
      <Hinted hint={t.hints.save}>
        <Button variant="contained" onClick={() => void checkThenSave()} disabled={busy || !valid}>
          {t.actions.save}
        </Button>
      </Hinted>
      {dialog === 'bat' && <TestSendDialog deliveryId={delivery.id} content={contentOf(draft)} onClose={() => setDialog(null)} />}
      {dialog === 'send' && <SendDialog delivery={delivery} onClose={() => setDialog(null)} />}
      {/* MEP says which version becomes the published one, and which it replaces. */}
      <ConfirmDialog
        open={dialog === 'publish'}
        title={t.publishConfirm.title}
        text={
          versionsKnown
            ? t.publishConfirm.text(delivery.label || delivery.internalname, delivery.version, delivery.subject, published)
            : t.publishConfirm.reading
        }
        onConfirm={() => {
          setDialog(null);
          void publishCurrent();
        }}
        onCancel={() => setDialog(null)}
        busy={busy || !versionsKnown}
        confirmColor="primary"
      />
      <ConfirmDialog
        open={dialog === 'unknown'}
        title={t.variables.unknownTitle}
        text={t.variables.unknownText(unknown)}
        onConfirm={() => {
          setDialog(null);
          void save();
        }}
        onCancel={() => setDialog(null)}
        busy={busy}
        confirmColor="primary"
      />
      {/* The detail popin that confirms a deletion (spec §2.5): Oui or Non. */}
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t.deleteTitle}
        text={t.deleteQuestion(delivery.label || delivery.internalname)}
        onConfirm={remove}
        onCancel={() => setDialog(null)}
        busy={busy}
      />
    </>
  );
}
