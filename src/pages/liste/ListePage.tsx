import { useParams } from 'react-router-dom';
import { ListView } from '../public/ListView';
import { PublicFrame } from '../public/PublicFrame';

/** /liste/{theme}: a list's channels and latest videos. */
export function ListePage() {
  const { theme } = useParams();
  return (
    <PublicFrame>
      <ListView theme={theme} heading="h1" />
    </PublicFrame>
  );
}
