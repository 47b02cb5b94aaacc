import { useParams } from 'react-router-dom';
import { NewsletterView } from '../../features/mail';
import { PublicFrame } from '../public/PublicFrame';

/** `/newsletters/{sendId}`: a sent newsletter's public page (issue 40), loaded on demand. */
export function NewsletterPage() {
  const { sendId } = useParams();
  return (
    <PublicFrame>
      <NewsletterView sendId={Number(sendId)} />
    </PublicFrame>
  );
}
