import { TokensSection } from '../../features/tokens';
import { frAccount } from '../../shared/i18n/frAccount';
import { BackOfficeFrame } from '../backOffice/BackOfficeFrame';

/** `/influenceur/compte` (issue 39): « Mon compte », with the user's API tokens. */
export default function AccountPage() {
  return (
    <BackOfficeFrame title={frAccount.title}>
      <TokensSection />
    </BackOfficeFrame>
  );
}
