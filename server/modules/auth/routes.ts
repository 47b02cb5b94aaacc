import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { setTimeout as sleep } from 'node:timers/promises';
import { Answer } from '../../shared/schemas';
import type { ModuleContext } from '../../shared/context';
import { currentUser, endSession, endUserSessions, isAdmin, openSession } from '../../shared/auth';
import { badRequest, conflict, HttpError } from '../../shared/errors';
import { checkNewPassword } from '../../shared/passwordRule';
import { hashPassword, verifyPassword } from '../../shared/passwords';
import { findCredentials, loginDelayMs, recentFailures, recordFailure, forgetFailures, setPassword } from './repository';
import { passwordResetRoutes } from './passwordReset';
import { NEW_PASSWORD_MIN_LENGTH, normaliseEmail } from './rules';
import { authCopy as copy } from './copy';
import { acceptCode, confirmTotp, newTotpSecret, setPendingSecret, totpStateOf } from './totp';

const LoginBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
  /** Two-factor sign-in: a TOTP code or a recovery code, once `{totp: true}` asked for it. */
  code: Type.Optional(Type.String({ maxLength: 32 })),
});

/**
 * A refused sign-in: `totp` asks for the code; `setup` (TOTP_REQUIRED_FOR_ADMINS) comes with a
 * new secret, its `otpauth://` URI and QR code, for an admin to set up before signing in.
 */
const LoginRefusal = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
  field: Type.Optional(Type.String()),
  totp: Type.Optional(Type.Boolean()),
  setup: Type.Optional(Type.Boolean()),
  secret: Type.Optional(Type.String()),
  uri: Type.Optional(Type.String()),
  qr: Type.Optional(Type.String()),
});

const TotpCodeBody = Type.Object({ code: Type.String({ minLength: 1, maxLength: 32 }) }, { additionalProperties: false });

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
        response: { 200: Answer({ token: Type.String(), recoveryCodes: Type.Optional(Type.Array(Type.String())) }), 401: LoginRefusal },
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
      const code = request.body.code?.trim() || null;
      if (!user || !valid) {
        // A code checked on nobody: as long as a known account's second step.
        if (code) await acceptCode(db, null, null, code);
        await recordFailure(db, email);
        throw new HttpError(401, 'Identifiants invalides.');
      }
      // Two-factor sign-in (docs/architecture.md, «Sessions»): no token without a code, which
      // fails like a password (the same per-account delay) and passes once.
      if (user.totpSecret) {
        if (!code) throw new HttpError(401, copy.totpRequired, 'code', { totp: true });
        if (!(await acceptCode(db, user.id, user.totpSecret, code))) {
          await recordFailure(db, email);
          throw new HttpError(401, copy.totpInvalid, 'code', { totp: true });
        }
      } else if (config.totpRequiredForAdmins && isAdmin(user)) {
        // An admin without it sets it up here: a new secret each time no code comes; a code of
        // it switches two-factor sign-in on and the answer carries the recovery codes, once.
        if (!code) {
          const setup = await newTotpSecret(user.email);
          await setPendingSecret(db, user.id, setup.secret);
          throw new HttpError(401, copy.totpSetupRequired, 'code', { totp: true, setup: true, ...setup });
        }
        const recoveryCodes = await confirmTotp(db, user.id, code);
        if (!recoveryCodes) {
          await recordFailure(db, email);
          throw new HttpError(401, copy.totpInvalid, 'code', { totp: true, setup: true });
        }
        await forgetFailures(db, email);
        return { token: await openSession(db, tokens, user, request.ip, config.jwtTtlSeconds), recoveryCodes };
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

  // Two-factor sign-in, from « Mon compte »: a new secret (its URI and QR code), then its first code switches it on.
  const totpLimit = (name: string) => ({
    rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute', keyGenerator: (request: { ip: string }) => `${request.ip}|${name}` },
  });
  app.post(
    '/api/me/totp',
    {
      onRequest: authenticate,
      config: totpLimit('totp'),
      schema: { tags: ['auth'], response: { 200: Answer({ secret: Type.String(), uri: Type.String(), qr: Type.String() }) } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if ((await totpStateOf(db, user.id)).secret) throw conflict(copy.totpAlready);
      const setup = await newTotpSecret(user.email);
      await setPendingSecret(db, user.id, setup.secret);
      return reply.header('cache-control', 'no-store').send(setup);
    },
  );

  app.post(
    '/api/me/totp/confirm',
    {
      onRequest: authenticate,
      config: totpLimit('totp-confirm'),
      schema: { tags: ['auth'], body: TotpCodeBody, response: { 200: Answer({ recoveryCodes: Type.Array(Type.String()) }) } },
    },
    async (request) => {
      const user = currentUser(request);
      const state = await totpStateOf(db, user.id);
      if (state.secret) throw conflict(copy.totpAlready);
      if (!state.pendingSecret) throw conflict(copy.totpNothingPending);
      const recoveryCodes = await confirmTotp(db, user.id, request.body.code);
      if (!recoveryCodes) throw badRequest('code', copy.totpInvalid);
      return { recoveryCodes };
    },
  );
};
