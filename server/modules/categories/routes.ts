import type { FastifyPluginAsync } from 'fastify';
import type { Row } from '../../db/db';
import type { ModuleContext } from '../../shared/context';
import { registerCrud } from '../../shared/crud';
import { badRequest } from '../../shared/errors';
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

  registerCrud(app, context, categoryResource, {
    createBody: CategoryCreate,
    patchBody: CategoryPatch,
    adminOnlyCreate: true,
    adminOnlyUpdate: true,
    // A new category shows the enumeration's label unless it is given one.
    beforeCreate: (values) => ({
      ...checkName(values),
      label: values.label || CATEGORY_NAMES[String(values.name)] || String(values.name),
    }),
    beforeUpdate: checkName,
  });
};
