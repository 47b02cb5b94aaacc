import { fr } from '../../../../shared/i18n/fr';
import { ChoiceField } from './ChoiceField';
import { changeProperties, type TabProps } from './types';

const t = fr.deliveries;

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
