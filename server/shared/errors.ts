/** An error with an HTTP status that the error handler turns into the uniform JSON body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    /** What else the refusal carries beside statusCode, error, message and field (e.g. `errors`); the route's answer schema declares it. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (field: string, message: string) => new HttpError(400, message, field);
export const unauthorized = (message = 'Authentification requise.') => new HttpError(401, message);
export const forbidden = (message = 'Accès refusé.') => new HttpError(403, message);
export const notFound = (what: string) => new HttpError(404, `${what} introuvable.`);
export const conflict = (message: string, field?: string) => new HttpError(409, message, field);
