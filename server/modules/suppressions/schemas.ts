import { Type } from '@sinclair/typebox';
import { CsvSeparatorSchema } from '../../shared/csv';
import { DownloadToken } from '../../shared/downloadLinks';
import { EMAIL_MAX_LENGTH } from '../../shared/email';
import { Email, MediaAnswer } from '../../shared/schemas';
import { OPERATOR_REASONS } from './types';

const UserId = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const Reason = Type.Union(
  OPERATOR_REASONS.map((reason) => Type.Literal(reason)),
  { description: "Pourquoi l'adresse est exclue : désabonné (de toutes les listes), plainte, rejeté (rebond), opérateur." },
);

/** `POST /api/suppressions`: an operator adds an address (for themself; an admin for anyone). */
export const SuppressionCreate = Type.Object(
  {
    email: Email,
    reason: Type.Optional(Reason),
    user: Type.Optional(UserId),
  },
  { additionalProperties: false },
);

/**
 * The `{email}` of an item's path, as Fastify decoded it: checked by the route (a French 400
 * naming `email`), so that what a refusal quotes is what was decoded.
 */
export const SuppressionParams = Type.Object({ email: Type.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH }) });

/** Whose list an item's path means: the caller's unless an admin names another user. */
export const SuppressionOwnerQuery = Type.Object({ user: Type.Optional(UserId) });

/** Which addresses an export holds: the table's search and reason, or all; and its separator. */
export const SuppressionExportFilter = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: 200 })),
    reason: Type.Optional(Reason),
    user: Type.Optional(UserId),
    separator: Type.Optional(CsvSeparatorSchema),
  },
  { additionalProperties: false },
);

export const SuppressionExportQuery = Type.Object({
  ...SuppressionExportFilter.properties,
  /** A download link's token (POST /api/suppressions.csv/download), instead of a bearer. */
  download: Type.Optional(DownloadToken),
});

export const SuppressionsCsvAnswer = MediaAnswer("La liste d'exclusion, en CSV (UTF-8 avec BOM, séparateur « ; » ou « , »).", 'text/csv');
