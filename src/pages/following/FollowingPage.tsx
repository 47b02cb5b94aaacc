import { useState } from 'react';
import { Button, Paper } from '@mui/material';
import { AudienceSection, AudienceWeeks } from '../../features/audience';
import { fr } from '../../shared/i18n/fr';
import { frAudience as t } from '../../shared/i18n/frAudience';
import { BackOfficeFrame } from '../backOffice/BackOfficeFrame';

/**
 * `/following`, the spec's "Manager follower" (§2.1; its title kept): the audience console
 * (docs/architecture.md, «The audience console»), a creator's weeks under the table once opened.
 */
export default function FollowingPage() {
  const [open, setOpen] = useState<{ channelId: string; name: string } | null>(null);
  return (
    <BackOfficeFrame title={fr.following.title}>
      <AudienceSection onOpen={({ channelId, name }) => setOpen({ channelId, name })} />
      {open && (
        <Paper sx={{ p: 2, mb: 3 }}>
          <AudienceWeeks key={open.channelId} channelId={open.channelId} name={open.name} />
          <Button onClick={() => setOpen(null)} sx={{ mt: 1 }}>
            {t.close}
          </Button>
        </Paper>
      )}
    </BackOfficeFrame>
  );
}
