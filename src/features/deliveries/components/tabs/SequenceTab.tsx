import { frConsole } from '../../../../shared/i18n/frConsole';
import { SequenceEditor } from '../../../../shared/ui/SequenceEditor';
import { changeProperties, type TabProps } from './types';

/** The delivery's ordered key/value items (spec §3), kept by the shared sequence rules (spec §4). */
export function SequenceTab(props: TabProps) {
  return (
    <SequenceEditor
      items={props.draft.properties.sequence ?? []}
      onChange={(sequence) => changeProperties(props, { sequence })}
      profil="influenceur"
      label={frConsole.deliveries.tabs.sequence}
    />
  );
}
