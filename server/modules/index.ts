import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleContext } from '../shared/context';
import { authRoutes } from './auth/routes';
import { usersRoutes } from './users/routes';

/** Every module's routes, registered in this order by the app. */
export const modules: FastifyPluginAsyncTypebox<ModuleContext>[] = [authRoutes, usersRoutes];
