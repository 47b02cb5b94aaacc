import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/db';
import { unauthorized } from '../../shared/errors';
import { findVisitorByToken, type Visitor } from './repository';
import { VISITOR_TOKEN_HEADER } from './schemas';

/** The visitor whose sign-up token the request carries; 401 without a known one. */
export async function currentVisitor(db: Queryable, request: FastifyRequest): Promise<Visitor> {
  const token = request.headers[VISITOR_TOKEN_HEADER];
  const visitor = typeof token === 'string' && token.length <= 200 ? await findVisitorByToken(db, token) : null;
  if (!visitor) throw unauthorized('Jeton visiteur manquant ou invalide.');
  return visitor;
}
