import { frConsole } from '../../../../shared/i18n/frConsole';
import { ChoiceField } from './ChoiceField';
import { changeProperties, type TabProps } from './types';

const t = frConsole.deliveries;

export function LanguageTab(props: TabProps) {
  return (
    <ChoiceField
      label={t.fields.language}
      value={props.draft.properties.lang ?? 'fr'}
      choices={t.languages}
      onChange={(lang) => changeProperties(props, { lang })}
    />
  );
}
