import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleContext } from '../../shared/context';
import { HttpError } from '../../shared/errors';
import { createTelegramBot, TelegramError } from './botClient';
import { BotAnswer, BotBody } from './schemas';

/**
 * Publishes a message through the product's Telegram bot (spec §7.6). It speaks in the
 * product's name, so only signed-in back-office users may use it.
 */
export const telegramRoutes: FastifyPluginAsyncTypebox<ModuleContext> = async (app, { config, authenticate }) => {
  const bot = config.telegram ? createTelegramBot(config.telegram) : null;
  const writeLimit = { rateLimit: { max: config.publicWriteRateLimit, timeWindow: '1 minute' } };

  app.post(
    '/api/telegram/bot',
    {
      onRequest: authenticate,
      config: writeLimit,
      schema: { tags: ['telegram'], security: [{ bearer: [] }], body: BotBody, response: { 200: BotAnswer } },
    },
    async (request) => {
      if (!bot) {
        throw new HttpError(503, "Le bot Telegram n'est pas configuré : définissez TELEGRAM_BOT_TOKEN et TELEGRAM_CHAT_ID.");
      }
      try {
        const { messageId } = await bot.sendMessage(request.body.data.message);
        return { sent: true, messageId };
      } catch (error) {
        if (!(error instanceof TelegramError)) throw error;
        request.log.warn({ kind: error.kind, reason: error.message }, 'telegram message not sent');
        throw new HttpError(
          502,
          error.kind === 'refused' ? `Telegram a refusé le message : ${error.message}` : 'Telegram ne répond pas.',
        );
      }
    },
  );
};
