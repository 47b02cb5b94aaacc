export { socialMediaApi } from './api';
export { RecipientsSection } from './components/RecipientsSection';
export type { Recipient, SocialMedia } from './types';
