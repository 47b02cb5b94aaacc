import type { FastifyPluginAsync } from 'fastify';
import type { ModuleContext } from '../../shared/context';
import { registerCrud } from '../../shared/crud';
import { grpResource } from './resource';
import { GrpCreate, GrpPatch } from './schemas';

export const listsRoutes: FastifyPluginAsync<ModuleContext> = async (app, context) => {
  registerCrud(app, context, grpResource, { createBody: GrpCreate, patchBody: GrpPatch, tag: 'lists' });
};
