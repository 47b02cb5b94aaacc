import { Type } from '@sinclair/typebox';

/** The bot call of spec §7.6; Telegram takes at most 4,096 characters a message. */
export const BotBody = Type.Object({
  service: Type.Literal('message'),
  data: Type.Object({
    message: Type.String({ minLength: 1, maxLength: 4096, pattern: '\\S' }),
  }),
});
