import { CategoriesSection } from '../../features/categories';
import { DiscoursSection } from '../../features/discours';
import { ListsSection } from '../../features/lists';
import { fr } from '../../shared/i18n/fr';
import { BackOfficeFrame } from '../backOffice/BackOfficeFrame';

/** The creator console (spec §2.5): one section a domain, composed here. */
export default function InfluenceurPage() {
  return (
    <BackOfficeFrame title={fr.console.title}>
      <ListsSection />
      <CategoriesSection />
      <DiscoursSection />
    </BackOfficeFrame>
  );
}
