import { Type } from '@sinclair/typebox';
import { Sequence } from '../../shared/sequence';
import { DownloadToken } from '../../shared/downloadLinks';
import { CsvSeparatorSchema } from '../../shared/csv';
import { Answer, MediaAnswer, Email } from '../../shared/schemas';

const Subject = Type.String({ minLength: 1, maxLength: 200 });
const Actif = Type.Union([Type.Literal(0), Type.Literal(1)]);
const UserId = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const GrpCreate = Type.Object(
  {
    subject: Subject,
    actif: Type.Optional(Actif),
    user: Type.Optional(UserId),
    sequence: Type.Optional(Sequence),
    doubleOptIn: Type.Optional(Type.Boolean({ description: 'Les abonnements publics doivent être confirmés par e-mail.' })),
    publicDefault: Type.Optional(
      Type.Boolean({
        description:
          "La liste publique par défaut (administrateurs) : les visiteurs qui cochent l'inscription à leur création d'espace y entrent. Une seule liste l'est ; la marquer retire la marque des autres.",
      }),
    ),
  },
  { additionalProperties: false },
);

export const GrpPatch = Type.Partial(GrpCreate, { additionalProperties: false });

const ContactText = Type.String({ maxLength: 100 });

/**
 * A contact's attributes (issue 37): checked by the route (attribs.ts), which names the faulty
 * attribute in French; a PATCH merges them (null removes one).
 */
const Attribs = Type.Unsafe<Record<string, unknown>>({
  type: 'object',
  additionalProperties: {},
  maxProperties: 200,
  description:
    "Les attributs du contact : un objet de textes (500 caractères au plus), nombres, booléens ou dates ISO (AAAA-MM-JJ), 50 au plus ; noms sans espaces autour et en minuscules (ainsi enregistrés). Dans un PATCH, null retire un attribut.",
});

export const GrpRcpCreate = Type.Object(
  {
    email: Email,
    firstname: Type.Optional(ContactText),
    lastname: Type.Optional(ContactText),
    phone: Type.Optional(Type.String({ maxLength: 50 })),
    grp: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    user: Type.Optional(UserId),
    origin: Type.Optional(Type.String({ maxLength: 100 })),
    attribs: Type.Optional(Attribs),
  },
  { additionalProperties: false },
);

export const GrpRcpPatch = Type.Partial(
  Type.Object(
    {
      firstname: ContactText,
      lastname: ContactText,
      phone: Type.String({ maxLength: 50 }),
      origin: Type.String({ maxLength: 100 }),
      actif: Actif,
      // 'rejeté' is written by bounces only; an operator may clear it back to 'actif'.
      status: Type.Union([Type.Literal('actif'), Type.Literal('désabonné'), Type.Literal('retiré')]),
      attribs: Attribs,
    },
    { additionalProperties: false },
  ),
);

const ContactStatus = Type.Union([
  Type.Literal('actif'),
  Type.Literal('en attente'),
  Type.Literal('désabonné'),
  Type.Literal('retiré'),
  Type.Literal('rejeté'),
]);

const ExportFilterProperties = {
  search: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Optional(ContactStatus),
  separator: Type.Optional(CsvSeparatorSchema),
};

/** Which contacts an export holds: the table's search, status and attribute filters, or all. */
export const ExportFilter = Type.Object({
  ...ExportFilterProperties,
  attribs: Type.Optional(
    Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 500 }), {
      maxProperties: 5,
      description: "Les filtres d'attributs du tableau : { nom: valeur }, sans tenir compte de la casse ni des accents.",
    }),
  ),
});

export const ExportQuery = Type.Object(
  {
    ...ExportFilterProperties,
    /** A download link's token (POST …/contacts.csv/download), instead of a bearer. */
    download: Type.Optional(DownloadToken),
  },
  // `attribs[ville]=Lyon`: the table's attribute filters, as the contacts collection takes them.
  { patternProperties: { '^attribs\\[[^\\]]{1,64}\\]$': Type.String({ maxLength: 500 }) } },
);

export const GrpIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

const DateLike = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?$',
  maxLength: 40,
});

export const LastQuery = Type.Object({ grp: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })) });

export const ByDateBody = Type.Object(
  { created: DateLike, grp: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })) },
  { additionalProperties: false },
);

/** The target list request of spec §3: `internalname` names the list by its id. */
export const TargetListBody = Type.Object(
  {
    internalname: Type.String({ pattern: '^[1-9]\\d{0,9}$' }),
    societe: Type.String({ minLength: 1, maxLength: 100 }),
    origin: Type.Optional(Type.String({ maxLength: 100 })),
    emails: Type.String({ minLength: 1, maxLength: 8 * 1024 * 1024, pattern: '^[A-Za-z0-9+/\\s]*={0,2}\\s*$' }),
    mode: Type.Optional(Type.Union([Type.Literal('add'), Type.Literal('replace')])),
  },
  { additionalProperties: false },
);

export const ImportQuery = Type.Object({
  origin: Type.Optional(Type.String({ maxLength: 100 })),
  file: Type.Optional(Type.String({ maxLength: 255, description: 'Le nom du fichier importé, gardé dans le consentement des contacts.' })),
});

// Answers of the routes beside the CRUD ones.

const ListCountsProperties = {
  count: Type.Integer({ description: 'Contacts actifs.' }),
  countStart: Type.Integer({ description: 'Tous les contacts que la liste a eus.' }),
};

export const ListCountsAnswer = Answer({
  ...ListCountsProperties,
  suppressed: Type.Optional(
    Type.Integer({
      description:
        "Avec suppressed=1 : les contacts actifs dont l'adresse est sur la liste d'exclusion du propriétaire, qu'un envoi laisse de côté (count - suppressed reçoivent le message).",
    }),
  ),
});

export const ListCountsQuery = Type.Object({
  suppressed: Type.Optional(
    Type.Union([Type.Literal('1'), Type.Literal('0')], { description: 'Compter aussi les contacts actifs exclus (1).' }),
  ),
});

export const AttribNamesAnswer = Answer({
  names: Type.Array(Type.String(), { description: "Les noms d'attributs des contacts de la liste, dans l'ordre alphabétique." }),
});

export const LastContactAnswer = Answer({ created: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]) });

export const ByDateAnswer = Answer({ created: Type.String(), added: Type.Integer() });

export const RefreshAnswer = Answer({
  ready: Type.Boolean({ description: 'Faux quand un autre rafraîchissement de la liste est en cours.' }),
  updated: Type.Integer(),
  deactivated: Type.Integer(),
  ...ListCountsProperties,
});

const ImportReportProperties = {
  rows: Type.Integer(),
  added: Type.Integer(),
  duplicates: Type.Integer(),
  invalid: Type.Integer(),
  suppressed: Type.Integer({ description: "Adresses de la liste d'exclusion du propriétaire : pas ajoutées." }),
  duplicateLines: Type.Array(Type.Integer()),
  invalidLines: Type.Array(Answer({ line: Type.Integer(), reason: Type.String() })),
  suppressedLines: Type.Array(Type.Integer(), { description: 'Les lignes de ces adresses (les 1 000 premières).' }),
};

export const ImportAnswer = Answer({
  ...ImportReportProperties,
  encoding: Type.String({ description: "L'encodage lu : UTF-8 (avec ou sans BOM), windows-1252 ou ISO-8859-1." }),
  separator: Type.String({ description: 'Le séparateur lu : « ; », « , » ou une tabulation.' }),
});

export const TargetListAnswer = Answer({
  grp: Type.Integer(),
  mode: Type.Union([Type.Literal('add'), Type.Literal('replace')]),
  ...ImportReportProperties,
  removed: Type.Integer({ description: "Contacts retirés par le mode 'replace'." }),
});

export const ContactsCsvAnswer = MediaAnswer('Les contacts, en CSV (UTF-8 avec BOM, séparateur « ; » ou « , »).', 'text/csv');

/** A public subscription to a list that requires confirmation (docs/architecture.md, «Contacts and consent»). */
export const SubscribeBody = Type.Object(
  {
    email: Email,
    firstname: Type.Optional(ContactText),
  },
  { additionalProperties: false },
);

export const SubscribeAnswer = Answer({
  message: Type.String({ description: 'Ce que la personne doit faire ensuite, en français.' }),
});
