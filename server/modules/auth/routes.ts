import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Answer } from '../../shared/schemas';
import type { ModuleContext } from '../../shared/context';
import { HttpError } from '../../shared/errors';
import { verifyPassword } from '../../shared/passwords';
import { findCredentials } from './repository';

const LoginBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});

/** The account an e-mail names: trimmed, lower-case (addresses are stored lower-case). */
const normaliseEmail = (email: string) => email.trim().toLowerCase();

// Hashing a throwaway password keeps an unknown e-mail as slow as a wrong password.
const DUMMY_HASH =
  'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

export const authRoutes: FastifyPluginAsyncTypebox<ModuleContext> = async (app, { db, tokens, config }) => {
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
      const { email, password } = request.body;
      const user = await findCredentials(db, normaliseEmail(email));
      const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
      if (!user || !valid) throw new HttpError(401, 'Identifiants invalides.');
      return { token: tokens.sign({ id: user.id, ip: request.ip, roles: user.roles, username: user.email }) };
    },
  );
};
