import { CategoriesSection } from '../../features/categories';
import { DiscoursSection } from '../../features/discours';
import { ListSends } from '../../features/deliveries';
import { ListsSection } from '../../features/lists';
import { RecipientsSection } from '../../features/socialMedia';
import { fr } from '../../shared/i18n/fr';
import { BackOfficeFrame } from '../backOffice/BackOfficeFrame';
import { TemplatesSection } from './TemplatesSection';
import { useConsoleAddress } from './useConsoleAddress';

/** The creator console (spec §2.5): one section a domain, composed here; records open at their address. */
export default function InfluenceurPage() {
  const lists = useConsoleAddress('listes');
  const templates = useConsoleAddress('modeles');
  const recipients = useConsoleAddress('destinataires');
  return (
    <BackOfficeFrame title={fr.console.title}>
      <ListsSection routing={lists} renderWorkflow={(listId) => <ListSends listId={listId} />} />
      <CategoriesSection />
      <DiscoursSection />
      <TemplatesSection routing={templates} />
      <RecipientsSection routing={recipients} />
    </BackOfficeFrame>
  );
}
