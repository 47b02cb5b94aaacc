import type { FastifyPluginAsync } from 'fastify';
import type { Queryable, Row } from '../../db/db';
import type { ModuleContext } from '../../shared/context';
import { registerCrud } from '../../shared/crud';
import { badRequest, conflict } from '../../shared/errors';
import { discoursResource } from './resource';
import { DiscoursCreate, DiscoursPatch } from './schemas';

async function assertNameFree(tx: Queryable, user: unknown, name: string, except = 0): Promise<void> {
  const [taken] = await tx.query(
    'SELECT id FROM discours WHERE user_id = $1 AND lower(name) = lower($2) AND id <> $3',
    [user, name, except],
  );
  if (taken) throw conflict(`Un discours nommé '${name}' existe déjà.`, 'name');
}

/** Speeches: read by their owner, written by admins only (the console's 'Nouveau thème'). */
export const discoursRoutes: FastifyPluginAsync<ModuleContext> = async (app, context) => {
  registerCrud(app, context, discoursResource, {
    createBody: DiscoursCreate,
    patchBody: DiscoursPatch,
    adminOnlyCreate: true,
    adminOnlyUpdate: true,
    beforeCreate: async ({ internalname, origin, ...values }: Row, _user, tx) => {
      const name = String(values.name ?? internalname ?? '').trim();
      if (!name) throw badRequest('name', "Le champ 'name' est obligatoire.");
      await assertNameFree(tx, values.user, name);
      return { ...values, name, origine: values.origine ?? origin };
    },
    beforeUpdate: async (values, current, _user, tx) => {
      if (values.name !== undefined) await assertNameFree(tx, current.user, String(values.name), Number(current.id));
      return values;
    },
  });
};
