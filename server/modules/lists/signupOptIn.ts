import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/db';
import { queueListConfirmation } from './confirmationMessage';
import { optInAtSignup, publicSource, type SignupOptIn } from './optIn';

/**
 * What the visitors' sign-up calls when the opt-in box was ticked (docs/architecture.md,
 * «Contacts and consent»): the public default list takes the address, its confirmation valid
 * `optinExpiryDays`. Answers what became of it.
 */
export function optInToPublicDefault(
  db: Db,
  request: FastifyRequest,
  email: string,
  { publicUrl, optinExpiryDays }: { publicUrl: string; optinExpiryDays: number },
): Promise<SignupOptIn> {
  return optInAtSignup(db, request, email, publicSource(request, publicUrl), (tx, pending) =>
    queueListConfirmation(tx, pending, optinExpiryDays * 24),
  );
}
