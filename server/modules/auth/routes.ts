import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { setTimeout as sleep } from 'node:timers/promises';
import { Answer } from '../../shared/schemas';
import type { ModuleContext } from '../../shared/context';
import { currentUser, endSession, endUserSessions, openSession } from '../../shared/auth';
import { badRequest, HttpError } from '../../shared/errors';
import { checkNewPassword } from '../../shared/passwordRule';
import { hashPassword, verifyPassword } from '../../shared/passwords';
import { findCredentials, loginDelayMs, recentFailures, recordFailure, forgetFailures, setPassword } from './repository';
import { passwordResetRoutes } from './passwordReset';
import { NEW_PASSWORD_MIN_LENGTH, normaliseEmail } from './rules';

const LoginBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});

const PasswordBody = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1, maxLength: 1024 }),
    newPassword: Type.String({ minLength: NEW_PASSWORD_MIN_LENGTH, maxLength: 1024 }),
  },
  { additionalProperties: false },
);


// Hashing a throwaway password keeps an unknown e-mail as slow as a wrong password.
const DUMMY_HASH =
  'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

export const authRoutes: FastifyPluginAsyncTypebox<ModuleContext> = async (app, context) => {
  const { db, tokens, config, authenticate } = context;
  passwordResetRoutes(app, context);
  app.post(
    '/api/login_check',
    {
      schema: {
        tags: ['auth'],
        body: LoginBody,
        response: { 200: Answer({ token: Type.String() }) },
      },
      config: {
        rateLimit: {
          // The key reads the body, which exists only from preHandler on.
          hook: 'preHandler',
          max: config.loginRateLimit,
          timeWindow: '1 minute',
          // The e-mail as the lookup reads it: ' Operateur@…' is the same account, not fresh tries.
          keyGenerator: (request) => {
            const email = (request.body as { email?: unknown } | undefined)?.email;
            return `${request.ip}|${typeof email === 'string' ? normaliseEmail(email) : ''}`;
          },
        },
      },
    },
    async (request) => {
      const email = normaliseEmail(request.body.email);
      // An account that others failed to sign in to answers more slowly, to everyone, but
      // never refuses: its owner signs in from elsewhere whatever strangers tried.
      const delay = loginDelayMs(await recentFailures(db, email));
      if (delay > 0) await sleep(delay);
      const user = await findCredentials(db, email);
      const valid = await verifyPassword(request.body.password, user?.passwordHash ?? DUMMY_HASH);
      if (!user || !valid) {
        await recordFailure(db, email);
        throw new HttpError(401, 'Identifiants invalides.');
      }
      await forgetFailures(db, email);
      return { token: await openSession(db, tokens, user, request.ip, config.jwtTtlSeconds) };
    },
  );

  app.post(
    '/api/logout',
    { onRequest: authenticate, schema: { tags: ['auth'], response: { 204: Type.Null() } } },
    async (request, reply) => {
      if (request.sessionId) await endSession(db, request.sessionId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/me/password',
    {
      onRequest: authenticate,
      schema: { tags: ['auth'], body: PasswordBody, response: { 204: Type.Null() } },
      // Guessing the current password through this route is as slow as through the sign-in.
      config: { rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute', keyGenerator: (request) => `${request.ip}|password` } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const credentials = await findCredentials(db, user.email);
      if (!credentials || !(await verifyPassword(request.body.currentPassword, credentials.passwordHash))) {
        throw badRequest('currentPassword', 'Mot de passe actuel incorrect.');
      }
      if (request.body.newPassword === request.body.currentPassword) {
        throw badRequest('newPassword', "Le nouveau mot de passe doit différer de l'actuel.");
      }
      await checkNewPassword(request.body.newPassword, 'newPassword', user.email);
      await setPassword(db, user.id, await hashPassword(request.body.newPassword));
      // The caller's session goes on; every other one ends.
      await endUserSessions(db, user.id, request.sessionId);
      return reply.code(204).send(null);
    },
  );
};
