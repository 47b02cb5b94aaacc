import { Type } from '@sinclair/typebox';
import { Answer } from '../../shared/schemas';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const HourMinute = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: 'Une heure HH:MM, de 00:00 à 23:59, dans TIMEZONE.' });
const Day = Type.Integer({ minimum: 1, maximum: 7, description: 'Un jour de la semaine, de 1 = lundi à 7 = dimanche.' });

export const StepWindow = Type.Object(
  {
    days: Type.Array(Day, { minItems: 1, maxItems: 7, uniqueItems: true, description: '1 = lundi … 7 = dimanche.' }),
    from: HourMinute,
    to: HourMinute,
  },
  { additionalProperties: false },
);

export const StepBody = Type.Object(
  {
    id: Type.Optional(Id),
    delivery: Id,
    delayMinutes: Type.Integer({ minimum: 0, maximum: 366 * 24 * 60 }),
    window: Type.Optional(Type.Union([Type.Null(), StepWindow])),
    condition: Type.Optional(Type.Union([Type.Literal('toujours'), Type.Literal('non ouvert'), Type.Literal('non cliqué')])),
    segment: Type.Optional(Type.Union([Id, Type.Null()], { description: 'Un segment : seuls ses contacts reçoivent cette étape, elle est passée (skipped) pour les autres.' })),
  },
  { additionalProperties: false },
);

const Status = Type.Union([Type.Literal('brouillon'), Type.Literal('active'), Type.Literal('en pause')]);
const Entry = Type.Union([Type.Literal('une fois'), Type.Literal('à chaque entrée')]);
const Trigger = Type.Object({ type: Type.Literal('liste'), grp: Id }, { additionalProperties: false });

export const AutomationCreate = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    status: Type.Optional(Status),
    trigger: Trigger,
    entry: Type.Optional(Entry),
    steps: Type.Optional(Type.Array(StepBody, { maxItems: 30 })),
    user: Type.Optional(Id),
  },
  { additionalProperties: false },
);

export const AutomationPatch = Type.Partial(AutomationCreate, { additionalProperties: false });

export const AutomationIdParams = Type.Object({ id: Id });
export const TimelineParams = Type.Object({ id: Id, contactId: Id });

export const ActivateBody = Type.Object(
  { includeExisting: Type.Optional(Type.Boolean({ description: 'Faire entrer aussi les contacts déjà actifs dans la liste.' })) },
  { additionalProperties: false },
);

export const ActivateAnswer = Answer({ entered: Type.Integer({ description: 'Contacts déjà dans la liste entrés à l’activation.' }) });

export const TimelineAnswer = Answer({
  contact: Answer({ id: Type.Integer(), email: Type.String(), status: Type.String() }),
  entries: Type.Array(Answer({ entry: Type.Integer(), enteredAt: Type.String(), state: Type.String(), events: Type.Array(Answer({})) })),
});
