import type { FastifyPluginAsync } from 'fastify';
import type { Queryable, Row } from '../../db/db';
import type { ModuleContext } from '../../shared/context';
import { registerCrud } from '../../shared/crud';
import { badRequest, conflict } from '../../shared/errors';
import { allowedCategoryNames, CATEGORY_NAMES } from './names';
import { categoryResource } from './resource';
import { CategoryCreate, CategoryPatch } from './schemas';

export const categoriesRoutes: FastifyPluginAsync<ModuleContext> = async (app, context) => {
  const allowed = new Set(allowedCategoryNames(context.config.productName));
  const checkName = (values: Row): Row => {
    if (values.name !== undefined && !allowed.has(String(values.name))) {
      throw badRequest('name', `Le champ 'name' doit être l'une des catégories connues ou '${context.config.productName}'.`);
    }
    return values;
  };

  // A user's categories have distinct names: templates are found by their category's name.
  const checkUnique = async (tx: Queryable, userId: number, name: string, exceptId = 0) => {
    const [taken] = await tx.query(
      'SELECT 1 FROM category WHERE user_id = $1 AND lower(name) = lower($2) AND id <> $3 LIMIT 1',
      [userId, name, exceptId],
    );
    if (taken) throw conflict(`Cet utilisateur a déjà une catégorie « ${name} ».`, 'name');
  };

  registerCrud(app, context, categoryResource, {
    createBody: CategoryCreate,
    patchBody: CategoryPatch,
    adminOnlyCreate: true,
    adminOnlyUpdate: true,
    // A new category shows the enumeration's label unless it is given one.
    beforeCreate: async (values, _user, tx) => {
      checkName(values);
      await checkUnique(tx, Number(values.user), String(values.name));
      return { ...values, label: values.label || CATEGORY_NAMES[String(values.name)] || String(values.name) };
    },
    beforeUpdate: async (values, current, _user, tx) => {
      checkName(values);
      const name = String(values.name ?? current.name);
      const owner = Number(values.user ?? current.user);
      if (name !== current.name || owner !== Number(current.user)) await checkUnique(tx, owner, name, Number(current.id));
      return values;
    },
  });
};
