/** Users (issue 39: invitations, roles, deactivation, transfer): what other modules use. */
export { usersRoutes } from './routes';
export { invitationMessage } from './invitationMessage';
