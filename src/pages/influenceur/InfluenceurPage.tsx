import { fr } from '../../shared/i18n/fr';
import { BackOfficeFrame } from '../backOffice/BackOfficeFrame';
import { TemplatesSection } from './TemplatesSection';

/** The creator console; the lists, templates, categories and speeches land here. */
export default function InfluenceurPage() {
  return (
    <BackOfficeFrame title={fr.console.title}>
      <TemplatesSection />
    </BackOfficeFrame>
  );
}
