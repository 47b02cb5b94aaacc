import { CategoriesSection } from '../../features/categories';
import { DiscoursSection } from '../../features/discours';
import { ListSends } from '../../features/deliveries';
import { ListsSection } from '../../features/lists';
import { RecipientsSection } from '../../features/socialMedia';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Stack, Typography } from '@mui/material';
import { fr } from '../../shared/i18n/fr';
import { frSegments } from '../../shared/i18n/frSegments';
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
      {/* Segments have a page of their own: the header keeps one line (issue 37). */}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Button component={RouterLink} to="/influenceur/segments" variant="outlined">
          {frSegments.open}
        </Button>
        <Typography variant="body2">{frSegments.openHint}</Typography>
      </Stack>
      <CategoriesSection />
      <DiscoursSection />
      <TemplatesSection routing={templates} />
      <RecipientsSection routing={recipients} />
    </BackOfficeFrame>
  );
}
