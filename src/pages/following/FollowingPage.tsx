import { fr } from '../../shared/i18n/fr';
import { BackOfficeFrame } from '../backOffice/BackOfficeFrame';

/** A placeholder in the spec (§2.1): only its title is known. */
export default function FollowingPage() {
  return <BackOfficeFrame title={fr.following.title}>{null}</BackOfficeFrame>;
}
