import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { endUserSessions } from '../../shared/auth';
import type { ModuleContext } from '../../shared/context';
import { HttpError } from '../../shared/errors';
import { checkNewPassword } from '../../shared/passwordRule';
import { hashPassword } from '../../shared/passwords';
import { Answer } from '../../shared/schemas';
import { findConfirmation, useConfirmation } from '../confirmations';
import { enqueueMessages } from '../mail';
import { authCopy as copy } from './copy';
import { PASSWORD_RESET_LINK, passwordResetMessage } from './passwordResetMessage';
import { findCredentials, forgetFailures, setPassword } from './repository';
import { NEW_PASSWORD_MIN_LENGTH, normaliseEmail } from './rules';

/** One reset message an account at most in this window, however often it is asked for. */
const ONE_MESSAGE_EVERY_MS = 15 * 60_000;

const ForgotBody = Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }) }, { additionalProperties: false });
const ResetBody = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 200 }),
    password: Type.String({ minLength: NEW_PASSWORD_MIN_LENGTH, maxLength: 1024 }),
  },
  { additionalProperties: false },
);

/**
 * « Mot de passe oublié ? » (docs/decisions.md, «A team (issue 39)»). The request answers 202
 * before anything is looked up, the same answer in the same time for every address; the
 * message goes through the queue. The link's page posts the new password with its token,
 * which is used once; the new password ends every session of the account.
 */
export function passwordResetRoutes(app: FastifyInstance, { db, config }: ModuleContext): void {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();

  /** Queues the message when the address is an account's: work done after the answer. */
  const queueReset = async (email: string) => {
    const user = await findCredentials(db, email);
    if (!user) return;
    await enqueueMessages(db, [
      {
        kind: passwordResetMessage.kind,
        // The key makes it once a window: asking again floods nobody's inbox.
        key: `${user.id}:${Math.floor(Date.now() / ONE_MESSAGE_EVERY_MS)}`,
        to: user.email,
        payload: { userId: user.id, ttlMinutes: config.passwordResetTtlMinutes },
      },
    ]);
  };

  typed.post(
    '/api/password/forgot',
    {
      schema: { tags: ['auth'], body: ForgotBody, response: { 202: Answer({ message: Type.String() }) } },
      config: { rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute', keyGenerator: (request) => `${request.ip}|forgot` } },
    },
    async (request, reply) => {
      const email = normaliseEmail(request.body.email);
      // After the answer has left: its timing says nothing of the account.
      reply.raw.once('finish', () => void queueReset(email).catch((error: unknown) => request.log.error({ err: error }, 'password reset not queued')));
      return reply.code(202).send({ message: copy.forgotAnswer });
    },
  );

  typed.post(
    '/api/password/reset',
    {
      schema: { tags: ['auth'], body: ResetBody, response: { 204: Type.Null() } },
      config: { rateLimit: { max: config.publicWriteRateLimit, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { token, password } = request.body;
      await checkNewPassword(password, 'password');
      const passwordHash = await hashPassword(password);
      const userId = await db.transaction(async (tx) => {
        const used = await useConfirmation(tx, token, [PASSWORD_RESET_LINK]);
        if (!used) return null;
        await setPassword(tx, used.subjectId, passwordHash);
        return used.subjectId;
      });
      if (userId === null) {
        const stored = await findConfirmation(db, token, [PASSWORD_RESET_LINK]);
        if (!stored) throw new HttpError(404, copy.resetUnknown, 'token');
        throw new HttpError(410, stored.used ? copy.resetUsed : copy.resetExpired, 'token');
      }
      await endUserSessions(db, userId);
      const [user] = await db.query<{ email: string }>('SELECT email FROM app_user WHERE id = $1', [userId]);
      if (user) await forgetFailures(db, user.email);
      return reply.code(204).send(null);
    },
  );
}
