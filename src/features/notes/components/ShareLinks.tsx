import { Link, Stack } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import { telegramShareUrl, xShareUrl, type Share } from '../lib/share';

/** Links opening X's and Telegram's share pages in a new tab, filled with the text and the link. */
export function ShareLinks({ share }: { share: Share }) {
  return (
    <Stack direction="row" spacing={2}>
      <Link href={xShareUrl(share)} target="_blank" rel="noopener noreferrer">
        {fr.sharing.onX}
      </Link>
      <Link href={telegramShareUrl(share)} target="_blank" rel="noopener noreferrer">
        {fr.sharing.onTelegram}
      </Link>
    </Stack>
  );
}
