/** The lists and their contacts: what other modules and server/modules/index.ts use. */
export { listsRoutes } from './routes';
export { grpResource } from './resource';
export { listsMailContacts } from './mailContacts';
export { listConfirmationMessage } from './confirmationMessage';
export { listeConfirmation } from './subscriptionConfirmation';
export { optInToPublicDefault } from './signupOptIn';
export { listsPersonalData } from './personalData';
export { attribName, isIsoDate, ISO_DATE } from './attribs';
export { grpRcpResource } from './resource';
