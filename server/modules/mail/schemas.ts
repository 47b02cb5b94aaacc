import { Type } from '@sinclair/typebox';
import { DeliveryPatch } from '../deliveries';
import { DownloadToken } from '../../shared/downloadLinks';
import { collectionResponseSchema, itemResponseSchema } from '../../shared/hydra';
import { Answer, MediaAnswer, Email } from '../../shared/schemas';
import { scheduleResource } from './schedules';
import { CsvSeparatorSchema } from '../../shared/csv';
import { sendResource } from './queue';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

/** An instant with its offset (ISO 8601): `2026-12-01T09:00:00+01:00`, or `…Z`. */
const Instant = Type.String({ format: 'date-time', maxLength: 40 });

/**
 * POST /api/sendEmail (spec §7.3); `sendAt` plans the send instead of starting it; `segmentId`
 * in place of `listId` sends to a segment, evaluated when the send starts (issue 37).
 */
export const SendEmailBody = Type.Object(
  {
    delId: Id,
    listId: Type.Optional(Id),
    segmentId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Un segment, à la place de la liste.' })),
    sendAt: Type.Optional(Instant),
  },
  { additionalProperties: false },
);

/** A planned time: an instant with its offset, or a wall-clock time (`2026-12-01T09:00`) in TIMEZONE, as the console enters it. */
const PlannedTime = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})?$',
  maxLength: 40,
});

/** PATCH /api/sends/{id}: moves a planned send. */
export const SendPatch = Type.Object({ sendAt: PlannedTime }, { additionalProperties: false });

/**
 * POST /api/schedules: Diffusion's frequency for a template and a list, from a first date and
 * time — an instant with its offset, or a wall-clock time (`2026-12-01T09:00`) in TIMEZONE.
 */
export const ScheduleBody = Type.Object(
  {
    delId: Id,
    listId: Type.Optional(Id),
    segmentId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Un segment, à la place de la liste.' })),
    frequency: Type.Union([
      Type.Literal('unique'),
      Type.Literal('quotidienne'),
      Type.Literal('hebdomadaire'),
      Type.Literal('mensuelle'),
    ]),
    firstAt: Type.String({
      pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})?$',
      maxLength: 40,
    }),
  },
  { additionalProperties: false },
);

/** DELETE /api/schedules?delivery={id} ('Aucune'). */
export const ScheduleStopParams = Type.Object({ delId: Id });

export const SendParams = Type.Object({ id: Id });

export const SendActionParams = Type.Object({
  id: Id,
  action: Type.Union([Type.Literal('pause'), Type.Literal('resume'), Type.Literal('cancel')]),
});

/** A delivery's content as the editor holds it, saved or not. */
const contentFields = Type.Pick(DeliveryPatch, [
  'subject',
  'label',
  'codeHtml',
  'codeText',
  'codeAmp',
  'properties',
]).properties;

/**
 * POST /api/email/encoded, the test send (BAT): to one address, the delivery `delId` as saved,
 * or with the content the body gives (base64 lists for HTML and text, as deliveries hold them).
 */
export const TestSendBody = Type.Object(
  { email: Email, delId: Type.Optional(Id), ...contentFields },
  { additionalProperties: false },
);

/** POST /api/email/preview: renders content as a contact would receive it. */
export const PreviewBody = Type.Object(
  {
    ...contentFields,
    // The saved delivery and the list whose previous send a videos block's "dernier envoi" reads.
    delId: Type.Optional(Id),
    listId: Type.Optional(Id),
  },
  { additionalProperties: false },
);

// Answers.

const NullableInstant = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

/** A send with its progress; one send (not the list) also has its failures and bounces, as stored. */
export const SendAnswer = Answer({
  ...itemResponseSchema(sendResource).properties,
  pending: Type.Integer({ description: 'Messages encore à envoyer.' }),
  failures: Type.Optional(Type.Array(Answer({}), { description: "Les échecs d'envoi (un envoi seul)." })),
  bounces: Type.Optional(Type.Array(Answer({}), { description: 'Les rejets reçus (un envoi seul).' })),
});

export const SendsAnswer = Answer({
  ...collectionResponseSchema(sendResource).properties,
  'hydra:member': Type.Array(SendAnswer),
});

export const CreatedSendAnswer = Answer({
  '@id': Type.String(),
  '@type': Type.Literal('Send'),
  id: Type.Integer(),
  total: Type.Integer({ description: 'Contacts actifs de la liste au départ.' }),
  status: Type.String(),
  sendAt: NullableInstant,
});

const PerPeriod = Type.Array(Answer({ at: Type.String({ format: 'date-time' }), count: Type.Integer() }));

const AmpErrorAnswer = Answer({ rule: Type.String(), line: Type.Integer(), column: Type.Integer(), message: Type.String() });

export const SendReportAnswer = Answer({
  ...SendAnswer.properties,
  timeline: Answer({ sentPerMinute: PerPeriod, opensPerHour: PerPeriod, clicksPerHour: PerPeriod }),
  links: Type.Array(Answer({ url: Type.String(), clicks: Type.Integer(), contacts: Type.Integer() })),
  machineOpened: Type.Integer({ description: 'Ouvertures dans les 10 secondes après l’envoi (machines).' }),
  ampErrors: Type.Array(AmpErrorAnswer, {
    description: 'La partie AMP n’a pas été envoyée : chaque règle AMP4EMAIL enfreinte, avec sa ligne et sa colonne.',
  }),
  posts: Type.Record(
    Type.String(),
    Answer({
      status: Type.String({ description: 'posting, posted ou failed.' }),
      ok: Type.Optional(Type.Boolean()),
      id: Type.Optional(Type.String({ description: 'L’identifiant de la publication sur le canal.' })),
      text: Type.Optional(Type.String({ description: 'Le texte publié.' })),
      error: Type.Optional(Type.String({ description: 'Pourquoi la publication a échoué.' })),
      at: Type.Optional(Type.String()),
    }),
    { description: 'Les publications de l’envoi sur le canal du modèle (Telegram, X), avec la réponse du canal.' },
  ),
});

/** GET /api/newsletters/{sendId}: a sent newsletter as its public page shows it. */
export const NewsletterAnswer = Answer({
  id: Type.Integer(),
  subject: Type.String(),
  html: Type.String({ description: 'La partie HTML, telle qu’envoyée (vidéos comprises), sans données de contact.' }),
  text: Type.String(),
  sentAt: Type.String({ format: 'date-time' }),
  lang: Type.String(),
});

export const OutcomesQuery = Type.Object({
  /** A download link's token (POST …/outcomes.csv/download), instead of a bearer. */
  download: Type.Optional(DownloadToken),
  separator: Type.Optional(CsvSeparatorSchema),
});

/** The link's query: the separator the file will use (`;` by default). */
export const OutcomesLinkQuery = Type.Object({ separator: Type.Optional(CsvSeparatorSchema) });

export const OutcomesCsvAnswer = MediaAnswer("Le résultat de chaque contact de l'envoi, en CSV (UTF-8 avec BOM, séparateur « ; » ou « , »).", 'text/csv');

export const SchedulesAnswer = collectionResponseSchema(scheduleResource);

/** A schedule as stored (without `@id`). */
export const ScheduleAnswer = Answer(
  Object.fromEntries(Object.entries(itemResponseSchema(scheduleResource).properties).filter(([name]) => !name.startsWith('@'))),
);

/** GET /api/schedules/{id}: the schedule and its occurrences, each sent or skipped with its reason. */
export const ScheduleDetailAnswer = Answer({
  ...Object.fromEntries(Object.entries(itemResponseSchema(scheduleResource).properties).filter(([name]) => !name.startsWith('@'))),
  occurrences: Type.Array(
    Answer({
      occurrenceAt: Type.String({ format: 'date-time', description: "L'occurrence prévue." }),
      status: Type.Union([Type.Literal('sent'), Type.Literal('skipped')], { description: 'Envoyée, ou sautée.' }),
      reason: Type.Union([Type.String(), Type.Null()], { description: 'Pourquoi elle a été sautée (« rien de nouveau »…).' }),
      send: Type.Union([Type.String(), Type.Null()], { description: "L'envoi qu'elle a fait." }),
    }),
  ),
});

export const NoContentAnswer = { description: 'Fait.', type: 'null' };

export const TestSendAnswer = Answer({
  messageId: Type.String(),
  email: Type.String(),
  ampErrors: Type.Array(AmpErrorAnswer, { description: 'La partie AMP n’a pas été envoyée : les règles enfreintes.' }),
});

export const PreviewAnswer = Answer({
  subject: Type.Optional(Type.String()),
  html: Type.String(),
  text: Type.String(),
  amp: Type.String(),
  missing: Type.Array(Type.String(), { description: 'Variables du modèle sans valeur.' }),
});

/** GET /api/email/variables: what every message can use besides its template's own keys. */
export const VariablesAnswer = Answer({
  variables: Type.Array(
    Answer({
      name: Type.String({ description: 'Ce que le modèle écrit entre {{ et }}.' }),
      group: Type.Union([Type.Literal('contact'), Type.Literal('lien'), Type.Literal('attribut'), Type.Literal('bloc')], {
        description: "« attribut » : l'entrée « attribs », puis chaque attribut des contacts de l'utilisateur (« attribs.ville ») ; « bloc » : un bloc de contenu (les vidéos).",
      }),
      label: Type.String({ description: 'Ce que la variable contient.' }),
      example: Type.String({ description: 'Ce qu’un aperçu ou un BAT montre à sa place.' }),
      insert: Type.Optional(Type.String({ description: 'Ce que l’éditeur insère (un bloc et ses paramètres).' })),
    }),
  ),
  ampForms: Type.Union([Type.String(), Type.Null()], {
    description: 'Pourquoi la partie AMP ne porte pas de formulaire de note (PUBLIC_URL en http) ; null quand elle en porte.',
  }),
});

const DnsRecordAnswer = Answer({
  name: Type.String(),
  type: Type.Literal('TXT'),
  value: Type.String({ description: 'La valeur à publier.' }),
  status: Type.Union([Type.Literal('ok'), Type.Literal('différent'), Type.Literal('absent'), Type.Literal('injoignable')], {
    description: 'Ce que le DNS publie : la bonne valeur, une autre, rien, ou « injoignable » quand le DNS n’a pas répondu (vérification impossible).',
  }),
});

/** GET /api/mail/domain (docs/architecture.md, «Signing and the sending domain»). */
export const DomainAnswer = Answer({
  domain: Type.String(),
  publishable: Type.Boolean({ description: 'Faux quand le domaine de MAIL_FROM ne peut pas être publié dans le DNS (localhost, .local, .test, une adresse IP…) : aucun enregistrement alors.' }),
  reason: Type.Union([Type.String(), Type.Null()], { description: 'Pourquoi le domaine ne peut pas être publié ; null sinon.' }),
  selector: Type.String(),
  signing: Type.Union([Type.Literal('database'), Type.Literal('setting'), Type.Literal('off')]),
  dkim: Type.Union([DnsRecordAnswer, Type.Null()]),
  spf: Type.Union([DnsRecordAnswer, Type.Null()]),
  dmarc: Type.Union([DnsRecordAnswer, Type.Null()]),
  spfSource: Type.Union([Type.Literal('settings'), Type.Literal('smtpName'), Type.Literal('mx'), Type.Null()], {
    description: 'Ce que le SPF proposé laisse envoyer : SPF_INCLUDE/SPF_IP, l’hôte SMTP_NAME (nom public), ou seulement le MX du domaine.',
  }),
  bounceDomain: Type.Union([Type.String(), Type.Null()]),
  bounceAligned: Type.Union([Type.Boolean(), Type.Null()]),
  ampVisible: Type.Boolean(),
});
