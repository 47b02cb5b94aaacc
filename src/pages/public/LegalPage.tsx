import { Stack, Typography } from '@mui/material';
import { useGetCreatorsQuery } from '../../features/videos';
import { ListView } from './ListView';
import { PublicFrame } from './PublicFrame';

/** A legal page (spec §2.1): its text, from the settings, above the list view. */
export function LegalPage({ title, text }: { title: string; text: string }) {
  const { data: creators } = useGetCreatorsQuery();
  return (
    <PublicFrame>
      <Stack spacing={2} sx={{ mb: 4 }}>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        {text.split(/\n+/).map((paragraph) => (
          <Typography key={paragraph}>{paragraph}</Typography>
        ))}
      </Stack>
      <ListView theme={creators?.[0]?.name} heading="h2" />
    </PublicFrame>
  );
}
