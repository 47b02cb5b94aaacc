export { SegmentsSection } from './components/SegmentsSection';
export type { Segment } from './types';
