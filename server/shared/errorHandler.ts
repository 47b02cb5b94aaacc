import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** The field an AJV issue is about: `email`, `sequence.0.key`, or the whole part (`body`). */
function fieldOf(issue: ValidationIssue, context: string | undefined): string {
  if (issue.keyword === 'required') {
    const prefix = issue.instancePath.slice(1).replace(/\//g, '.');
    return [prefix, String(issue.params.missingProperty)].filter(Boolean).join('.');
  }
  return issue.instancePath.slice(1).replace(/\//g, '.') || context || 'body';
}

/**
 * Constraint violations the schemas cannot see (a duplicate, a dangling reference, a value
 * the column refuses) are the caller's fault, not the server's.
 */
function databaseError(error: unknown): { statusCode: number; message: string } | null {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  if (code === '23505') return { statusCode: 409, message: 'Cette valeur existe déjà.' };
  if (code === '23503') return { statusCode: 400, message: 'Une référence de la requête est inconnue.' };
  if (code.startsWith('22') || code === '23502' || code === '23514') {
    return { statusCode: 400, message: 'Une valeur de la requête est refusée par la base de données.' };
  }
  return null;
}

/**
 * One JSON shape for every error: `{statusCode, error, message, field?}`. Validation errors
 * name the field; unexpected errors are logged and never leak their details.
 */
export function errorHandler(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) {
  const validation = (error as FastifyError).validation as ValidationIssue[] | undefined;
  if (validation?.length) {
    const issue = validation[0];
    const field = fieldOf(issue, (error as FastifyError).validationContext);
    const message =
      issue.keyword === 'required'
        ? `Le champ '${field}' est obligatoire.`
        : `Le champ '${field}' est invalide : ${issue.message ?? 'valeur refusée'}.`;
    return reply.code(400).send({ statusCode: 400, error: STATUS_TEXT[400], message, field });
  }
  const database = databaseError(error);
  if (database) return reply.code(database.statusCode).send({ ...database, error: STATUS_TEXT[database.statusCode] });
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    if (!(error instanceof HttpError)) {
      return reply.code(500).send({ statusCode: 500, error: STATUS_TEXT[500], message: 'Erreur interne du serveur.' });
    }
  }
  const field = error instanceof HttpError ? error.field : undefined;
  return reply.code(status).send({
    statusCode: status,
    error: STATUS_TEXT[status] ?? 'Error',
    message: error.message,
    ...(field ? { field } : {}),
  });
}
