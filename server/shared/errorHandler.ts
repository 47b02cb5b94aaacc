import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import localizeFr from 'ajv-i18n/localize/fr';
import { disconnectDetails, isClientDisconnect } from './clientDisconnect';
import { isOutOfSpace } from './diskSpace';
import { HttpError } from './errors';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message?: string;
  /** The schema holding the failed keyword (Ajv's `verbose`): its description says what is expected. */
  parentSchema?: { description?: unknown };
}

/** JSON type names as a French reader knows them. */
const TYPE_FR: Record<string, string> = {
  string: 'texte',
  integer: 'nombre entier',
  number: 'nombre',
  boolean: 'booléen',
  object: 'objet',
  array: 'liste',
  null: 'null',
};

/** The field an AJV issue is about: `email`, `sequence.0.key`, or the whole part (`body`). */
function fieldOf(issue: ValidationIssue, context: string | undefined): string {
  const path = issue.instancePath.slice(1).replace(/\//g, '.');
  if (issue.keyword === 'required') return [path, String(issue.params.missingProperty)].filter(Boolean).join('.');
  if (issue.keyword === 'additionalProperties') return [path, String(issue.params.additionalProperty)].filter(Boolean).join('.');
  return path || (context === 'querystring' ? 'query' : context) || 'body';
}

/** What is wrong with a value, in French: ajv-i18n's wording, with the allowed values spelt out. */
function reason(issue: ValidationIssue, issues: ValidationIssue[]): string {
  if (issue.keyword === 'type') {
    const types = String(issue.params.type).split(',').map((type) => TYPE_FR[type] ?? type);
    return `doit être de type ${types.join(' ou ')}`;
  }
  if (issue.keyword === 'const' || issue.keyword === 'anyOf') {
    // A union of literals (`0 | 1`, `'asc' | 'desc'`): list what it accepts.
    const allowed = issues
      .filter((other) => other.keyword === 'const' && other.instancePath === issue.instancePath)
      .map((other) => JSON.stringify(other.params.allowedValue));
    if (allowed.length > 0) return `doit valoir ${allowed.join(' ou ')}`;
  }
  if (issue.keyword === 'enum') {
    return `doit valoir ${(issue.params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(' ou ')}`;
  }
  // A regular expression tells a reader nothing: the schema's description says what is expected.
  const description = typeof issue.parentSchema?.description === 'string' ? issue.parentSchema.description.replace(/\.$/, '') : '';
  const expected = description && ` (attendu : ${description.charAt(0).toLowerCase()}${description.slice(1)})`;
  if (issue.keyword === 'pattern') return `ne respecte pas le format${expected}`;
  return `${issue.message ?? 'valeur refusée'}${expected}`;
}

/**
 * The issue to report. In a nullable value (`null | {…}`) Ajv reports first that the value is
 * not null; what is wrong is in the other branch, at the deepest place it reached.
 */
function mainIssue(issues: ValidationIssue[]): ValidationIssue {
  const [first] = issues;
  if (first.keyword !== 'type' || first.params.type !== 'null') return first;
  const inBranch = issues.filter((issue) => issue !== first && issue.keyword !== 'anyOf' && issue.instancePath.startsWith(first.instancePath));
  const deepest = inBranch.reduce<ValidationIssue | undefined>((best, issue) => (!best || issue.instancePath.length > best.instancePath.length ? issue : best), undefined);
  if (!deepest) return first;
  // The value itself has the wrong type: both types are allowed.
  if (deepest.keyword === 'type' && deepest.instancePath === first.instancePath) return { ...deepest, params: { type: `${String(deepest.params.type)},null` } };
  return deepest;
}

function validationRefusal(error: FastifyError) {
  const issues = error.validation as unknown as ValidationIssue[];
  localizeFr(issues as Parameters<typeof localizeFr>[0]);
  const issue = mainIssue(issues);
  const field = fieldOf(issue, error.validationContext);
  if (issue.keyword === 'required') return { status: 400, field, message: `Le champ '${field}' est obligatoire.` };
  if (issue.keyword === 'additionalProperties') return { status: 400, field, message: `Le champ '${field}' n'est pas accepté ici.` };
  return { status: 400, field, message: `Le champ '${field}' est invalide : ${reason(issue, issues)}.` };
}

/**
 * Fastify's own refusals (body parsing, URL decoding, content types), in French. `accepts` is
 * what the route reads (route config `accepts`, JSON by default).
 */
function frameworkRefusal(error: FastifyError, request: FastifyRequest): { status: number; message: string; field: string } | null {
  const accepts = request.routeOptions?.config?.accepts ?? 'application/json';
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        field: 'content-type',
        message: `Type de contenu non pris en charge (${request.headers['content-type'] ?? 'aucun'}) : envoyez ${accepts}.`,
      };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, field: 'body', message: 'Le corps de la requête est vide alors que son type annonce du JSON.' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, field: 'body', message: "Le corps de la requête n'est pas du JSON valide." };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, field: 'body', message: 'Le corps de la requête dépasse la taille acceptée.' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, field: 'content-length', message: "La longueur annoncée (Content-Length) ne correspond pas au corps reçu." };
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_INVALID_URL':
      return { status: 400, field: 'url', message: "L'adresse de la requête contient un encodage invalide." };
    case 'FST_ERR_ASYNC_CONSTRAINT':
      return { status: 400, field: 'url', message: 'La requête ne correspond à aucune route.' };
    default:
      break;
  }
  // The JSON parser's own errors (secure-json-parse) carry no code.
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return /prototype/i.test(error.message)
      ? { status: 400, field: 'body', message: 'Le corps de la requête contient une clé interdite (__proto__ ou constructor).' }
      : { status: 400, field: 'body', message: "Le corps de la requête n'est pas du JSON valide." };
  }
  return null;
}

const DISK_FULL =
  "Le disque du serveur est plein : rien n'a été enregistré. Les lectures restent possibles ; réessayez quand de la place aura été libérée.";

/**
 * Constraint violations the schemas cannot see (a duplicate, a dangling reference, a value
 * the column refuses) are the caller's fault, not the server's.
 */
function databaseError(error: unknown): { statusCode: number; message: string } | null {
  if (isOutOfSpace(error)) return { statusCode: 507, message: DISK_FULL };
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  if (code === '57P03') return { statusCode: 503, message: 'La base de données redémarre. Réessayez dans un instant.' };
  if (code === '23505') return { statusCode: 409, message: 'Cette valeur existe déjà.' };
  if (code === '23503') return { statusCode: 400, message: 'Une référence de la requête est inconnue.' };
  if (code.startsWith('22') || code === '23502' || code === '23514') {
    return { statusCode: 400, message: 'Une valeur de la requête est refusée par la base de données.' };
  }
  return null;
}

/** A refusal of ours whose words we did not write (a plugin's, a library's): French by status. */
const GENERIC_FR: Record<number, string> = {
  400: 'Requête invalide.',
  401: 'Authentification requise.',
  403: 'Accès refusé.',
  404: 'Ressource introuvable.',
  405: 'Méthode non autorisée pour cette adresse.',
  413: 'Requête trop volumineuse.',
  414: 'Adresse trop longue.',
  415: 'Type de contenu non pris en charge.',
  429: 'Trop de requêtes. Réessayez plus tard.',
  431: 'En-têtes de la requête trop volumineux.',
};

/** HTTP's own reason phrase (`Gone`, `URI Too Long`…); a code HTTP does not name gets its class's. */
const statusText = (status: number) => STATUS_CODES[status] ?? STATUS_CODES[Math.floor(status / 100) * 100] ?? 'Error';

/**
 * One JSON shape for every error: `{statusCode, error, message, field?}`, in French.
 * Validation errors name the field; unexpected errors are logged and never leak their details.
 */
export function errorHandler(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) {
  const send = (status: number, message: string, field?: string, details?: Record<string, unknown>) =>
    reply
      .code(status)
      .send({ ...details, statusCode: status, error: statusText(status), message, ...(field ? { field } : {}) });

  if ((error as FastifyError).validation?.length) {
    const { status, message, field } = validationRefusal(error as FastifyError);
    return send(status, message, field);
  }
  // A body cut off by a client that went away: nobody reads the answer, and it is no fault.
  if (isClientDisconnect(error)) {
    request.log.debug(disconnectDetails(error), 'the client disconnected before its request was read');
    return send(400, 'Requête interrompue par le client.');
  }
  const framework = frameworkRefusal(error as FastifyError, request);
  if (framework) return send(framework.status, framework.message, framework.field);
  const database = databaseError(error);
  if (database) return send(database.statusCode, database.message);

  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    if (!(error instanceof HttpError)) return send(500, 'Erreur interne du serveur.');
  }
  if (error instanceof HttpError) return send(status, error.message, error.field, error.details);
  // The rate limiter's refusal is built in French (app.ts); any other library's is replaced.
  const ours = status === 429 && /^Trop de requêtes/.test(error.message);
  return send(status, ours ? error.message : (GENERIC_FR[status] ?? 'Requête refusée.'));
}
