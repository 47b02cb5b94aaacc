import { useMemo, useState, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import {
  Alert,
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Switch,
  Tab,
  Tabs,
} from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { fr } from '../../../shared/i18n/fr';
import { selectIsAdmin } from '../../../shared/session';
import { usePublishDeliveryMutation, useUpdateDeliveryMutation } from '../api';
import { contentOf, savePatch, toDraft, type DeliveryDraft } from '../draft';
import type { Delivery } from '../types';
import { DeleteDeliveryPopin } from './DeleteDeliveryPopin';
import { SendDialog } from './SendDialog';
import { TestSendDialog } from './TestSendDialog';
import { CodeTab } from './tabs/CodeTab';
import { ContentTab } from './tabs/ContentTab';
import { DataTab, DATA_KEY } from './tabs/DataTab';
import { DiffusionTab } from './tabs/DiffusionTab';
import { GeneralTab } from './tabs/GeneralTab';
import { LanguageTab } from './tabs/LanguageTab';
import { SequenceTab } from './tabs/SequenceTab';
import type { TabProps } from './tabs/types';

export type TabName = keyof typeof fr.deliveries.tabs;

export interface Notice {
  severity: 'success' | 'error';
  text: string;
}

const t = fr.deliveries;
// Normal users see Général and Code; the admin every tab (spec §2.5).
const USER_TABS: TabName[] = ['general', 'code'];
const ADMIN_TABS: TabName[] = ['general', 'content', 'sequence', 'code', 'data', 'language', 'diffusion'];
const PANELS: Record<TabName, (props: TabProps) => ReactNode> = {
  general: GeneralTab,
  content: ContentTab,
  sequence: SequenceTab,
  code: CodeTab,
  data: DataTab,
  language: LanguageTab,
  diffusion: DiffusionTab,
};

interface Props {
  delivery: Delivery;
  tab: TabName;
  onTab: (tab: TabName) => void;
  notice: Notice | null;
  onNotice: (notice: Notice | null) => void;
  onClose: () => void;
}

/** The editor's tabs and buttons over a working copy of one version of the delivery. */
export function DeliveryForm({ delivery, tab, onTab, notice, onNotice, onClose }: Props) {
  const isAdmin = useSelector(selectIsAdmin);
  const saved = useMemo(() => toDraft(delivery), [delivery]);
  const [draft, setDraft] = useState<DeliveryDraft>(saved);
  const [dialog, setDialog] = useState<'bat' | 'send' | 'delete' | null>(null);
  const [update, { isLoading: saving }] = useUpdateDeliveryMutation();
  const [publish, { isLoading: publishing }] = usePublishDeliveryMutation();

  const tabs = isAdmin ? ADMIN_TABS : USER_TABS;
  const current = tabs.includes(tab) ? tab : 'general';
  const Panel = PANELS[current];
  const change = (patch: Partial<DeliveryDraft>) => setDraft((previous) => ({ ...previous, ...patch }));
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const valid = (draft.properties.data ?? []).every((item) => DATA_KEY.test(item.key));
  const busy = saving || publishing;

  const run = async (work: () => Promise<Notice | null>) => {
    onNotice(null);
    try {
      onNotice(await work());
    } catch (error) {
      onNotice({ severity: 'error', text: errorMessage(error) });
    }
  };
  const save = () =>
    run(async () => {
      const result = await update({ id: delivery.id, patch: savePatch(draft) }).unwrap();
      return { severity: 'success', text: t.saved(result.version) };
    });
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
    });
  const remove = () =>
    run(async () => {
      await update({ id: delivery.id, patch: { actif: 0 } }).unwrap();
      onClose();
      return null;
    });

  return (
    <>
      <DialogTitle id="delivery-editor-title">{t.editorTitle(delivery.label || delivery.internalname)}</DialogTitle>
      <Tabs value={current} onChange={(_event, value: TabName) => onTab(value)} variant="scrollable" sx={{ px: 3 }}>
        {tabs.map((name) => (
          <Tab key={name} value={name} label={t.tabs[name]} />
        ))}
      </Tabs>
      <DialogContent dividers>
        <Box role="tabpanel" aria-label={t.tabs[current]} sx={{ minHeight: 320 }}>
          <Panel draft={draft} change={change} />
        </Box>
      </DialogContent>
      {notice && (
        <Alert severity={notice.severity} onClose={() => onNotice(null)} sx={{ mx: 3, mt: 1 }}>
          {notice.text}
        </Alert>
      )}
      {dirty && (
        <Alert severity="info" sx={{ mx: 3, mt: 1 }}>
          {t.saveFirst}
        </Alert>
      )}
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <FormControlLabel
          control={<Switch checked={draft.actif === 1} onChange={(e) => change({ actif: e.target.checked ? 1 : 0 })} />}
          label={t.actions.active}
          sx={{ mr: 'auto' }}
        />
        <Button color="error" onClick={() => setDialog('delete')} disabled={busy}>
          {t.actions.delete}
        </Button>
        <Button onClick={() => setDialog('bat')} disabled={!valid}>
          {t.actions.testSend}
        </Button>
        <Button onClick={publishCurrent} disabled={busy || dirty}>
          {t.actions.publish}
        </Button>
        <Button onClick={() => setDialog('send')} disabled={busy || dirty || delivery.actif === 0}>
          {t.actions.send}
        </Button>
        <Button variant="contained" onClick={save} disabled={busy || !valid}>
          {t.actions.save}
        </Button>
        <Button onClick={onClose}>{t.actions.close}</Button>
      </DialogActions>
      {dialog === 'bat' && (
        <TestSendDialog deliveryId={delivery.id} content={contentOf(draft)} onClose={() => setDialog(null)} />
      )}
      {dialog === 'send' && <SendDialog delivery={delivery} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <DeleteDeliveryPopin
          label={delivery.label || delivery.internalname}
          onNo={() => setDialog(null)}
          onYes={remove}
        />
      )}
    </>
  );
}
