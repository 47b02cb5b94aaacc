import type { FastifyPluginAsync } from 'fastify';
import type { ModuleContext } from '../shared/context';
import { authRoutes } from './auth/routes';
import { usersRoutes } from './users/routes';
import { listsRoutes } from './lists/routes';
import { categoriesRoutes } from './categories/routes';
import { deliveriesRoutes } from './deliveries/routes';
import { mailRoutes } from './mail/routes';

/** Every module's routes, registered in this order by the app. */
export const modules: FastifyPluginAsync<ModuleContext>[] = [
  authRoutes,
  usersRoutes,
  listsRoutes,
  categoriesRoutes,
  deliveriesRoutes,
  mailRoutes,
];
