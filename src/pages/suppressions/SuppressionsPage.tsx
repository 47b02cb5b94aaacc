import { SuppressionsSection } from '../../features/suppressions';
import { frSuppressions } from '../../shared/i18n/frSuppressions';
import { BackOfficeFrame } from '../backOffice/BackOfficeFrame';

/**
 * `/influenceur/exclusions` (docs/architecture.md, «Suppression list»): the addresses none of
 * the operator's lists mails any more (an admin sees every operator's).
 */
export default function SuppressionsPage() {
  return (
    <BackOfficeFrame title={frSuppressions.title}>
      <SuppressionsSection />
    </BackOfficeFrame>
  );
}
