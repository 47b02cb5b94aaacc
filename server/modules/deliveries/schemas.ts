import { Type } from '@sinclair/typebox';
import { Profil } from '../categories';
import { Sequence } from '../../shared/sequence';
import { Answer } from '../../shared/schemas';
import { itemResponseSchema } from '../../shared/hydra';
import { ErrorAnswer } from '../../shared/openapi';
import { MAX_CODE_BYTES } from './code';
import { deliveryResource } from './resource';
import { BLOCK_TYPES } from './blocks';

/** Used in URLs (`/deliveryAll/{id or internalname}`): never all digits, no spaces or slashes. */
export const INTERNAL_NAME = '^(?![0-9]+$)[A-Za-z0-9][A-Za-z0-9_.-]{0,199}$';

const Short = Type.String({ maxLength: 200 });
const Actif = Type.Union([Type.Literal(0), Type.Literal(1)]);
const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
// Base64 of MAX_CODE_BYTES, a little over 4/3 of it; the decoded total is checked too.
const Base64List = Type.Array(Type.String({ maxLength: Math.ceil(MAX_CODE_BYTES / 3) * 4 }), { maxItems: 20 });

/** Personalisation data: `{{key}}` in a template renders `value`. */
const DataItem = Type.Object(
  {
    key: Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,99}$' }),
    value: Type.String({ maxLength: 10_000 }),
  },
  { additionalProperties: false },
);

export const DeliveryProperties = Type.Object(
  {
    sequence: Type.Optional(Sequence),
    data: Type.Optional(Type.Array(DataItem, { maxItems: 500 })),
    lang: Type.Optional(Type.String({ pattern: '^[a-z]{2}(-[A-Z]{2})?$' })),
    listId: Type.Optional(Id),
    /** Opens and clicks are tracked in this template's sends (off unless the operator turns it on). */
    tracking: Type.Optional(Type.Boolean()),
    /** Its sends have no public page (`/newsletters/{sendId}`) and no "Voir dans le navigateur" link (issue 40). */
    private: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/**
 * The blocks of the editor's « Blocs » mode (issue 41; docs/templates.md, «Blocks»): the console
 * writes the HTML, text and AMP parts from them; the server keeps them so that the editor
 * reopens on them, and checks only their shape (the parts are checked as any code is).
 */
const BlockText = (maxLength: number) => Type.String({ maxLength });
/** A link: http(s), mailto, or a variable such as `{{unsubscribeUrl}}`. */
const BlockLink = Type.String({ maxLength: 2000, pattern: '^(https?://|mailto:|\\{\\{)' });
/** What the videos tag quotes: no quote nor brace, which would end it. */
const TagValue = Type.String({ maxLength: 300, pattern: '^[^"{}]*$' });
/**
 * One object for every kind (Ajv's removeAdditional would strip a union's other branches'
 * fields as it tries the first): which fields a kind needs is checked by `checkBlocks`
 * (blocks.ts), which names the missing one.
 */
export const EditorBlock = Type.Object(
  {
    type: Type.Union(BLOCK_TYPES.map((type) => Type.Literal(type))),
    text: Type.Optional(BlockText(10_000)),
    // AMP for Email loads images over https only.
    src: Type.Optional(Type.String({ maxLength: 2000, pattern: '^https://' })),
    alt: Type.Optional(BlockText(300)),
    width: Type.Optional(Type.Integer({ minimum: 1, maximum: 600 })),
    height: Type.Optional(Type.Integer({ minimum: 1, maximum: 2000 })),
    href: Type.Optional(Type.Union([BlockLink, Type.Literal('')])),
    label: Type.Optional(BlockText(100)),
    url: Type.Optional(BlockLink),
    left: Type.Optional(BlockText(5000)),
    right: Type.Optional(BlockText(5000)),
    createurs: Type.Optional(TagValue),
    groupe: Type.Optional(TagValue),
  },
  { additionalProperties: false },
);
const Blocks = Type.Union([Type.Array(EditorBlock, { maxItems: 100 }), Type.Null()], {
  description: "Les blocs du mode « Blocs » ; null pour un modèle écrit en code.",
});

/** Every writable field of a delivery (spec §3); lastModified is the server's. */
const fields = {
  label: Short,
  internalname: Type.String({ pattern: INTERNAL_NAME }),
  user: Id,
  societe: Type.String({ minLength: 1, maxLength: 100 }),
  actif: Actif,
  profil: Profil,
  category: Type.String({ maxLength: 100 }),
  version: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  subject: Type.String({ maxLength: 500 }),
  frequence: Short,
  goal: Type.String({ maxLength: 1000 }),
  channel: Short,
  typedel: Short,
  msg: Type.String({ maxLength: 10_000 }),
  properties: DeliveryProperties,
  origin: Short,
  description: Type.String({ maxLength: 5000 }),
  codeAmp: Type.String({ maxLength: MAX_CODE_BYTES }),
  codeHtml: Base64List,
  codeText: Base64List,
  blocks: Blocks,
};

/** GET /api/delivery/starters: the starting points of « Nouveau modèle » (starters.ts). */
export const StartersAnswer = Answer({
  starters: Type.Array(
    Answer({
      id: Type.String(),
      label: Type.String(),
      description: Type.String(),
      subject: Type.String(),
      html: Type.String({ description: 'Le code HTML, en clair (le modèle le garde en base64).' }),
      text: Type.String({ description: 'Le texte, en clair.' }),
      amp: Type.String({ description: 'Le code AMP.' }),
      blocks: Type.Optional(Type.Array(Answer(EditorBlock.properties), { description: 'Ses blocs, pour le mode « Blocs » de l’éditeur.' })),
    }),
  ),
});

/** PATCH /deliveries/{id}: the full delivery, or `{actif: 0}` for the soft delete. */
export const DeliveryPatch = Type.Partial(Type.Object(fields), { additionalProperties: false });

/** POST /deliveries: `{label, internalname}` (spec §7.3), any other field optional; the server numbers versions. */
export const DeliveryCreate = Type.Object(
  {
    ...Type.Omit(DeliveryPatch, ['label', 'internalname', 'version']).properties,
    label: fields.label,
    internalname: fields.internalname,
  },
  { additionalProperties: false },
);

/** POST /api/delivery/new (spec §7.3). */
export const DeliveryNew = Type.Object(
  { ...Type.Omit(DeliveryPatch, ['internalname', 'version']).properties, internalname: fields.internalname },
  { additionalProperties: false },
);

/** POST /api/amp/bo/modele/new (spec §7.3): publishes a delivery, or creates and publishes one. */
export const ModeleNew = Type.Object(
  {
    id: Type.Optional(Id),
    ...Type.Pick(DeliveryPatch, [
      'subject',
      'codeHtml',
      'codeText',
      'codeAmp',
      'internalname',
      'societe',
      'origin',
      'actif',
      'typedel',
      'label',
    ]).properties,
  },
  { additionalProperties: false },
);

export const DeliveryRefParams = Type.Object({
  ref: Type.String({ maxLength: 200, pattern: `^[0-9]{1,9}$|${INTERNAL_NAME}` }),
});

// Answers of the routes beside the CRUD ones.

export const DeliveryAnswer = itemResponseSchema(deliveryResource);

/**
 * A saved version is the item as it was saved (JSON in delivery_version): its fields pass
 * through as stored, since versions saved before a field changed type must still be listed.
 */
export const DeliveryVersionsAnswer = Answer({
  data: Type.Array(
    Answer({
      '@id': Type.String(),
      '@type': Type.String(),
      publishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'Quand cette version a été mise en production.' }),
    }),
    { description: 'Les versions, la plus récente en premier.' },
  ),
});

/** One fault of an AMP code against the AMP4EMAIL rules (server/shared/amp4email). */
export const AmpError = Answer(
  {
    line: Type.Integer({ minimum: 1, description: 'La ligne où commence la faute (1 pour la première).' }),
    column: Type.Integer({ minimum: 1, description: 'La colonne où elle commence (1 pour la première).' }),
    rule: Type.String({ description: 'La règle, un identifiant stable : disallowed-tag, important, css-too-long…' }),
    message: Type.String({ description: 'En français.' }),
  },
);

/** The refusals of saving and publishing a delivery: a refused AMP code lists its errors. */
export const DeliveryRefusal = Type.Object(
  {
    ...ErrorAnswer.properties,
    errors: Type.Optional(
      Type.Array(AmpError, { description: "Quand le champ 'codeAmp' est refusé : chaque erreur AMP4EMAIL, à sa ligne et sa colonne." }),
    ),
  },
  { description: 'Refus : {statusCode, error, message, field, errors?}' },
);

/** POST /api/delivery/amp/validation: an AMP code to check as the operator types. */
export const AmpValidationBody = Type.Object({ codeAmp: Type.String({ maxLength: MAX_CODE_BYTES }) }, { additionalProperties: false });

export const AmpValidationAnswer = Answer({ errors: Type.Array(AmpError, { description: 'Vide quand le code est valide.' }) });

export const PublishedDeliveryAnswer = Answer({ ...DeliveryAnswer.properties, publishedAt: Type.String({ format: 'date-time' }) });
