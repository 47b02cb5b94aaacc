export { usersApi } from './api';
export { UsersSection } from './components/UsersSection';
export { AcceptInvitationForm } from './components/AcceptInvitationForm';
export type { User } from './types';
