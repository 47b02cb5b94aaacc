export { SuppressionsSection } from './components/SuppressionsSection';
export type { Suppression, SuppressionReason } from './types';
