import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/db';
import { forbidden, unauthorized } from '../../shared/errors';
import { visitorsCopy as copy } from './copy';
import { findVisitorByEmail, findVisitorByToken, type Visitor } from './repository';
import { VISITOR_TOKEN_HEADER } from './schemas';

/** The visitor whose sign-up token the request carries; 401 without a known one. */
export async function currentVisitor(db: Queryable, request: FastifyRequest): Promise<Visitor> {
  const token = request.headers[VISITOR_TOKEN_HEADER];
  const visitor = typeof token === 'string' && token.length <= 200 ? await findVisitorByToken(db, token) : null;
  if (!visitor) throw unauthorized('Jeton visiteur manquant ou invalide.');
  return visitor;
}

/**
 * Ratings belong to their author (issue 24): writing one for an address that has a visitor
 * account needs that visitor's token (401 without a token, 403 with another visitor's).
 */
export async function checkAuthor(db: Queryable, request: FastifyRequest, email: string): Promise<void> {
  if (!(await findVisitorByEmail(db, email))) return;
  const token = request.headers[VISITOR_TOKEN_HEADER];
  const visitor = typeof token === 'string' && token.length <= 200 ? await findVisitorByToken(db, token) : null;
  if (!visitor) throw unauthorized(copy.ratingNeedsToken);
  if (visitor.email.toLowerCase() !== email.toLowerCase()) throw forbidden(copy.ratingOtherVisitor);
}
