/** The visitors module: what other modules use. */
export { checkAuthor, currentVisitor } from './visitorAuth';
export { visitorsRoutes } from './routes';
export { visitorDigestMessage } from './digestMessage';
export { visitorConfirmationMessage, visitorSignInMessage } from './linkMessages';
export { digestAudience } from './digestUnsubscribe';
export { visiteurConfirmation } from './addressConfirmation';
export { connexionConfirmation } from './signInConfirmation';
export { viewerVideoCondition } from './feedFilters';
export { visitorsPersonalData } from './personalData';
