import { Type } from '@sinclair/typebox';
import { Answer } from '../../shared/schemas';

/** The bot call of spec §7.6; Telegram takes at most 4,096 characters a message. */
export const BotBody = Type.Object({
  service: Type.Literal('message'),
  data: Type.Object({
    message: Type.String({ minLength: 1, maxLength: 4096, pattern: '\\S' }),
  }),
});

export const BotAnswer = Answer({ sent: Type.Boolean(), messageId: Type.Integer({ description: 'Le message, chez Telegram.' }) });
