import type { FastifyPluginAsync } from 'fastify';
import type { ModuleContext } from '../shared/context';
import { authRoutes } from './auth/routes';
import { usersRoutes } from './users/routes';
import { listsRoutes } from './lists/routes';
import { categoriesRoutes } from './categories/routes';
import { videosRoutes } from './videos/routes';
import { visitorsRoutes } from './visitors/routes';
import { feedsRoutes } from './feeds/routes';
import { discoursRoutes } from './discours/routes';
import { recipientsRoutes } from './recipients/routes';
import { maintenanceRoutes } from './maintenance/routes';
import { deliveriesRoutes } from './deliveries/routes';
import { mailPlugin } from './mail/plugin';
import { ratingsRoutes } from './ratings/routes';
import { telegramRoutes } from './telegram/routes';
import { socialMediaRoutes } from './socialMedia/routes';
import { confirmationsRoutes } from './confirmations/routes';
import { automationsRoutes } from './automations/routes';
import { rapportsRoutes } from './rapports/routes';

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
  rapportsRoutes,
];
