import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Queryable } from '../../db/db';
import { openSession, type AuthUser } from '../../shared/auth';
import type { ModuleContext } from '../../shared/context';
import { conflict, HttpError } from '../../shared/errors';
import { checkNewPassword } from '../../shared/passwordRule';
import { hashPassword } from '../../shared/passwords';
import { Answer } from '../../shared/schemas';
import { findConfirmation, useConfirmation } from '../confirmations';
import { enqueueMessages } from '../mail';
import { usersCopy as copy } from './copy';
import { INVITATION_LINK, invitationMessage } from './invitationMessage';

const AcceptBody = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 200 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);

/**
 * Makes the invited user (no password yet: `invited_at` set, a hash nothing verifies) and
 * queues their invitation in the same transaction. A taken address answers 409.
 */
export async function inviteUser(db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> }, email: string, roles: string[], ttlHours: number): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const [{ id }] = await tx.query<{ id: number }>(
        `INSERT INTO app_user (email, password_hash, roles, invited_at) VALUES ($1, '', $2, now()) RETURNING id`,
        [email, JSON.stringify(roles)],
      );
      await enqueueMessages(tx, [{ kind: invitationMessage.kind, key: String(id), to: email, payload: { userId: id, ttlHours } }]);
      return id;
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw conflict(copy.emailTaken, 'email');
    throw error;
  }
}

/**
 * `POST /api/invitation` `{token, password}`: the invitation's page (`/invitation/{token}`)
 * sends the chosen password with the link's token, used once; the person is signed in.
 */
export function invitationRoutes(app: FastifyInstance, { db, tokens, config }: ModuleContext): void {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  typed.post(
    '/api/invitation',
    {
      schema: { tags: ['users'], body: AcceptBody, response: { 200: Answer({ token: Type.String() }) } },
      config: { rateLimit: { max: config.publicWriteRateLimit, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { token, password } = request.body;
      const refuse = (used: boolean) => new HttpError(410, used ? copy.invitationUsed : copy.invitationExpired, 'token');
      const stored = await findConfirmation(db, token, [INVITATION_LINK]);
      if (!stored) throw new HttpError(404, copy.invitationUnknown, 'token');
      if (stored.used || stored.expired) throw refuse(stored.used);
      const [invited] = await db.query<{ email: string }>(
        'SELECT email FROM app_user WHERE id = $1 AND invited_at IS NOT NULL AND deactivated_at IS NULL',
        [stored.subjectId],
      );
      if (!invited) throw refuse(true);
      await checkNewPassword(password, 'password', invited.email);
      const passwordHash = await hashPassword(password);
      const user = await db.transaction(async (tx) => {
        if (!(await useConfirmation(tx, token, [INVITATION_LINK]))) return null;
        const [row] = await tx.query<AuthUser>(
          `UPDATE app_user SET password_hash = $2, invited_at = NULL, last_modified = now()
           WHERE id = $1 AND invited_at IS NOT NULL AND deactivated_at IS NULL RETURNING id, email, roles`,
          [stored.subjectId, passwordHash],
        );
        return row ?? null;
      });
      if (!user) throw refuse(true);
      return { token: await openSession(db, tokens, user, request.ip, config.jwtTtlSeconds) };
    },
  );
}
