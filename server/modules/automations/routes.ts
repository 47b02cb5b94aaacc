import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Queryable, Row } from '../../db/db';
import type { AuthUser } from '../../shared/auth';
import { canSend, currentUser } from '../../shared/auth';
import type { ModuleContext } from '../../shared/context';
import { registerCrud } from '../../shared/crud';
import { badRequest, conflict, forbidden } from '../../shared/errors';
import { findOwnedItem } from '../../shared/hydra';
import { deliveryResource } from '../deliveries';
import { grpResource } from '../lists';
import { automationsCopy as copy } from './copy';
import { contactTimeline, countWouldEnter, enterExisting, stepFigures, syncSteps, zeroFigures } from './repository';
import { automationResource, type Step } from './resource';
import { runAutomations } from './runner';
import { segmentResource } from '../segments';
import { windowProblem } from './schedule';
import { ActivateAnswer, ActivateBody, AutomationCreate, AutomationIdParams, AutomationPatch, TimelineAnswer, TimelineParams } from './schemas';

/** The list and deliveries an automation names are the caller's (an admin's may be anyone's). */
async function checkReferences(tx: Queryable, values: Row, user: AuthUser): Promise<void> {
  const trigger = values.trigger as { grp: number };
  await findOwnedItem(tx, grpResource, trigger.grp, user);
  const steps = (values.steps ?? []) as Step[];
  const ids = new Set<number>();
  for (const [index, step] of steps.entries()) {
    // Two steps naming one row would leave the stored steps and their rows disagreeing.
    if (step.id !== undefined && ids.has(step.id)) throw badRequest(`steps.${index}.id`, copy.duplicateStep(index, step.id));
    if (step.id !== undefined) ids.add(step.id);
    await findOwnedItem(tx, deliveryResource, step.delivery, user).catch((error: { statusCode?: number }) => {
      if (error.statusCode === 404) throw badRequest(`steps.${index}.delivery`, `Le modèle ${step.delivery} n'existe pas.`);
      throw error;
    });
    if (step.segment !== undefined && step.segment !== null) {
      const segment = await findOwnedItem(tx, segmentResource, step.segment, user).catch((error: { statusCode?: number }) => {
        if (error.statusCode === 404) throw badRequest(`steps.${index}.segment`, `Le segment ${step.segment} n'existe pas.`);
        throw error;
      });
      // An admin's automation for someone reads that someone's segments only.
      if (values.user !== undefined && Number(segment.user) !== Number(values.user)) {
        throw badRequest(`steps.${index}.segment`, `Le segment ${step.segment} n'est pas à l'utilisateur de l'automatisation.`);
      }
    }
    const problem = step.window ? windowProblem(step.window) : null;
    if (problem) throw badRequest(`steps.${index}.window`, copy.windowProblem(index, problem));
  }
}

async function storeSteps(tx: Queryable, automationId: number, values: Row): Promise<Row> {
  if (values.steps === undefined) return values;
  try {
    return { ...values, steps: await syncSteps(tx, automationId, values.steps as Step[]) };
  } catch (error) {
    const index = (error as { stepIndex?: number }).stepIndex;
    if (index !== undefined) throw badRequest(`steps.${index}.id`, copy.unknownStep(index));
    throw error;
  }
}

/** An éditeur drafts automations; activating or resuming one is a sender's (shared/access.ts). */
function refuseActivation(user: AuthUser): void {
  if (!canSend(user)) throw forbidden("Votre rôle (éditeur) ne permet pas d'activer une automatisation (champ 'status').");
}

/** `/api/automations` (docs/architecture.md, «Automations»): the hydra collection and item, activation, and a contact's timeline. */
export const automationsRoutes: FastifyPluginAsync<ModuleContext> = async (app, context) => {
  const { db, authenticate, config } = context;
  const tags = ['automations'];

  registerCrud(app, context, automationResource, {
    createBody: AutomationCreate,
    patchBody: AutomationPatch,
    tag: 'automations',
    beforeCreate: async (values, user, tx) => {
      await checkReferences(tx, values, user);
      const status = (values.status as string | undefined) ?? 'brouillon';
      if (status === 'active') refuseActivation(user);
      if (status !== 'brouillon' && !((values.steps as Step[] | undefined)?.length)) throw conflict(copy.noSteps, 'status');
      // The id first, so that the steps' rows can name it in the same transaction.
      const [{ id }] = await tx.query<{ id: number }>(`SELECT nextval('automation_id_seq')::int AS id`);
      const stored = await storeSteps(tx, id, { ...values, steps: values.steps ?? [] });
      return { ...stored, id, status, ...(status === 'brouillon' ? {} : { activatedAt: new Date().toISOString() }) };
    },
    // `values` holds the patched fields only.
    beforeUpdate: async (values, current, user, tx) => {
      if (values.status === 'active' && current.status !== 'active') refuseActivation(user);
      const merged = { ...current, ...values };
      if (values.trigger !== undefined || values.steps !== undefined) {
        await checkReferences(tx, { trigger: merged.trigger, steps: values.steps ?? [], user: merged.user }, user);
      }
      const grpOf = (row: Row) => (row.trigger as { grp: number }).grp;
      if (current.status !== 'brouillon' && grpOf(merged) !== grpOf(current)) throw conflict(copy.triggerFixed, 'trigger');
      const stored = await storeSteps(tx, Number(current.id), values);
      const steps = (stored.steps ?? current.steps) as Step[];
      if (merged.status !== 'brouillon' && steps.length === 0) throw conflict(copy.noSteps, 'status');
      const activating = merged.status !== 'brouillon' && current.status === 'brouillon';
      return activating ? { ...stored, activatedAt: new Date().toISOString() } : stored;
    },
    itemExtras: async (row, reader) => {
      const figures = await stepFigures(reader, Number(row.id));
      return {
        steps: (row.steps as Step[]).map((step) => ({ ...step, ...(step.id ? (figures.get(step.id) ?? zeroFigures()) : zeroFigures()) })),
        wouldEnter: await countWouldEnter(reader, Number(row.id)),
      };
    },
  });

  const typed = app.withTypeProvider<TypeBoxTypeProvider>();

  typed.post(
    '/api/automations/:id/activate',
    { onRequest: authenticate, schema: { tags, params: AutomationIdParams, body: ActivateBody, response: { 200: ActivateAnswer } } },
    async (request) => {
      const user = currentUser(request);
      return db.transaction(async (tx) => {
        const automation = await findOwnedItem(tx, automationResource, request.params.id, user);
        if (!(automation.steps as Step[]).length) throw conflict(copy.noSteps, 'status');
        await tx.query(
          `UPDATE automation SET status = 'active', activated_at = coalesce(activated_at, now()), last_modified = now() WHERE id = $1`,
          [automation.id],
        );
        const entered = request.body.includeExisting ? await enterExisting(tx, Number(automation.id)) : 0;
        return { entered };
      });
    },
  );

  typed.get(
    '/api/automations/:id/contacts/:contactId',
    { onRequest: authenticate, schema: { tags, params: TimelineParams, response: { 200: TimelineAnswer } } },
    async (request) => {
      const user = currentUser(request);
      const automation = await findOwnedItem(db, automationResource, request.params.id, user);
      const [contact] = await db.query<{ id: number; email: string; status: string }>(
        'SELECT id, email, status FROM grp_rcp WHERE id = $1 AND grp_id = $2',
        [request.params.contactId, (automation.trigger as { grp: number }).grp],
      );
      if (!contact) throw badRequest('contactId', "Ce contact n'est pas dans la liste de cette automatisation.");
      return { contact, entries: await contactTimeline(db, Number(automation.id), contact.id) };
    },
  );

  // Every process moves the automations forward; entries are taken under locks others skip.
  if (config.automationsTickSeconds > 0 && config.mail.worker) {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> | null = null;
    const tick = () => {
      if (running) return;
      running = runAutomations(db, { timezone: config.timezone })
        .catch((error: unknown) => app.log.warn({ err: error }, 'automations run failed'))
        .finally(() => {
          running = null;
        });
    };
    app.addHook('onReady', async () => {
      timer = setInterval(tick, config.automationsTickSeconds * 1000);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }
};
