import { appConfig } from '../../shared/config/appConfig';
import { fr } from '../../shared/i18n/fr';
import { LegalPage } from '../public/LegalPage';

export function LegalMentionsPage() {
  const text = appConfig.legalMentions ?? fr.public.legalMentionsText(appConfig.productName, appConfig.contactEmail);
  return <LegalPage title={fr.public.legalMentions} text={text} />;
}
