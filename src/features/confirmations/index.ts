export { ConfirmationPanel } from './components/ConfirmationPanel';
export { useGetConfirmationQuery, useConfirmMutation } from './api';
export type { ConfirmationInfo, ConfirmationResult } from './types';
