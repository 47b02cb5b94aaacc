import { SegmentsSection } from '../../features/segments';
import { frSegments } from '../../shared/i18n/frSegments';
import { BackOfficeFrame } from '../backOffice/BackOfficeFrame';

/** `/influenceur/segments` (issue 37): the operator's segments, built with a live count, and sent to. */
export default function SegmentsPage() {
  return (
    <BackOfficeFrame title={frSegments.title}>
      <SegmentsSection />
    </BackOfficeFrame>
  );
}
