import { Typography } from '@mui/material';
import { frConsole } from '../../../../shared/i18n/frConsole';
import { ChoiceField } from './ChoiceField';
import { changeProperties, type TabProps } from './types';

const t = frConsole.deliveries;

/** The languages the server writes its own words in (footer, videos cards); the others fall back to French. */
const WRITTEN = ['fr', 'en'];

export function LanguageTab(props: TabProps) {
  const lang = props.draft.properties.lang ?? 'fr';
  return (
    <>
      <ChoiceField label={t.fields.language} value={lang} choices={t.languages} onChange={(value) => changeProperties(props, { lang: value })} />
      <Typography variant="body2" color="text.secondary" role="note" sx={{ mt: 1 }}>
        {WRITTEN.includes(lang.split('-')[0]) ? t.languageNote : t.languageFallback(t.languages[lang] ?? lang)}
      </Typography>
    </>
  );
}
