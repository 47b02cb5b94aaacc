import { appConfig } from '../../shared/config/appConfig';
import { fr } from '../../shared/i18n/fr';
import { LegalPage } from '../public/LegalPage';

export function PrivacyPolicyPage() {
  const text = appConfig.privacyPolicy ?? fr.public.privacyPolicyText(appConfig.productName, appConfig.contactEmail);
  return <LegalPage title={fr.public.privacyPolicy} text={text} />;
}
