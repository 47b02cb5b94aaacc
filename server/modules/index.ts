import type { FastifyPluginAsync } from 'fastify';
import type { ModuleContext } from '../shared/context';
import { authRoutes } from './auth/routes';
import { passwordResetMessage } from './auth/passwordResetMessage';
import { invitationMessage, usersRoutes } from './users';
import { listConfirmationMessage, listeConfirmation, listsMailContacts, listsRoutes } from './lists';
import { categoriesRoutes } from './categories/routes';
import { newsletterVideos, registerViewerCondition, videosRoutes } from './videos';
import {
  connexionConfirmation,
  digestAudience,
  visiteurConfirmation,
  visitorConfirmationMessage,
  visitorDigestMessage,
  visitorSignInMessage,
  visitorsRoutes,
  viewerVideoCondition,
} from './visitors';
import { feedsRoutes } from './feeds/routes';
import { discoursRoutes } from './discours/routes';
import { recipientsRoutes } from './recipients/routes';
import { maintenanceRoutes } from './maintenance/routes';
import { deliveriesRoutes } from './deliveries/routes';
import {
  mailPlugin,
  registerAmpRatingSink,
  registerChannelPoster,
  registerMailContacts,
  registerMailSegments,
  registerPreferenceDataActions,
  registerMessageKind,
  registerUnsubscribeAudience,
  registerVideoSource,
} from './mail';
import { ratingsRoutes } from './ratings/routes';
import { saveInboxRating } from './ratings';
import { telegramRoutes } from './telegram/routes';
import { telegramPoster } from './telegram';
import { socialMediaRoutes } from './socialMedia/routes';
import { xPoster } from './socialMedia';
import { confirmationsRoutes, registerConfirmationKind } from './confirmations';
import { automationsRoutes } from './automations/routes';
import { rapportsNoticeMessage, rapportsRoutes } from './rapports';
import { audienceRoutes } from './audience';
import { suppressionsRoutes } from './suppressions';
import { mailPersonalData } from './mail';
import { listsPersonalData } from './lists';
import { automationsPersonalData } from './automations/personalData';
import { ratingsPersonalData } from './ratings/personalData';
import { visitorsPersonalData } from './visitors';
import { recipientsPersonalData } from './recipients/personalData';
import { authPersonalData } from './auth/personalData';
import {
  contactDataActions,
  contactErasureConfirmation,
  personnesRoutes,
  registerPersonalData,
  selfErasureMessage,
  visitorErasureConfirmation,
} from './personnes';
import { auditRoutes } from './audit';
import { tokensRoutes } from './tokens';
import { webhooksPersonalData, webhooksRoutes } from './webhooks';
import { segmentsMailSegments, segmentsRoutes } from './segments';

// What lower modules serve for higher ones, registered once, before any route: mail sends the
// messages of lists, visitors and bug reports and unsubscribes from them, confirmations confirms their
// subjects; neither imports them (docs/conventions.md, "Add a kind of message").
registerMailContacts(listsMailContacts);
registerMailSegments(segmentsMailSegments);
registerPreferenceDataActions(contactDataActions);
for (const kind of [
  listConfirmationMessage,
  visitorSignInMessage,
  visitorConfirmationMessage,
  visitorDigestMessage,
  passwordResetMessage,
  rapportsNoticeMessage,
  selfErasureMessage,
  invitationMessage,
]) {
  registerMessageKind(kind);
}
registerUnsubscribeAudience(digestAudience);
registerViewerCondition(viewerVideoCondition);
registerVideoSource(newsletterVideos);
registerAmpRatingSink(saveInboxRating);
for (const poster of [telegramPoster, xPoster]) registerChannelPoster(poster);
for (const kind of [listeConfirmation, visiteurConfirmation, connexionConfirmation, visitorErasureConfirmation, contactErasureConfirmation]) {
  registerConfirmationKind(kind);
}
// A person's data, module by module (issue 38): those that unlink rows from contacts (mail,
// automations) come before lists, which removes the contacts.
for (const source of [mailPersonalData, automationsPersonalData, ratingsPersonalData, visitorsPersonalData, recipientsPersonalData, authPersonalData, listsPersonalData, webhooksPersonalData]) {
  registerPersonalData(source);
}

/** Every module's routes, registered in this order by the app. */
export const modules: FastifyPluginAsync<ModuleContext>[] = [
  authRoutes,
  usersRoutes,
  listsRoutes,
  categoriesRoutes,
  videosRoutes,
  visitorsRoutes,
  feedsRoutes,
  discoursRoutes,
  recipientsRoutes,
  maintenanceRoutes,
  deliveriesRoutes,
  mailPlugin,
  ratingsRoutes,
  telegramRoutes,
  socialMediaRoutes,
  confirmationsRoutes,
  automationsRoutes,
  suppressionsRoutes,
  rapportsRoutes,
  audienceRoutes,
  personnesRoutes,
  auditRoutes,
  tokensRoutes,
  webhooksRoutes,
  segmentsRoutes,
];
