import type { ChannelPoster } from '../mail';
import { createTelegramBot, TelegramError } from './botClient';

/** Telegram's limit on a message's text (Bot API sendMessage). */
export const TELEGRAM_TEXT_LIMIT = 4096;

/** A newsletter's text for Telegram: cut to the limit, the link to its public page always at the end. */
export function telegramText(text: string, url: string): string {
  const tail = `\n\n${url}`;
  const body = text.trim();
  if (body.length + tail.length <= TELEGRAM_TEXT_LIMIT) return `${body}${tail}`;
  return `${body.slice(0, TELEGRAM_TEXT_LIMIT - tail.length - 1).trimEnd()}…${tail}`;
}

/** A delivery whose channel is Telegram: its text posted to TELEGRAM_CHAT_ID (issue 40). */
export const telegramPoster: ChannelPoster = {
  channel: 'telegram',
  refusal: (config) =>
    config.telegram ? null : "Le canal Telegram n'est pas configuré (TELEGRAM_BOT_TOKEN et TELEGRAM_CHAT_ID) : rien n'a été envoyé.",
  async post(config, content) {
    if (!config.telegram) return { ok: false, error: 'Telegram non configuré' };
    const text = telegramText(content.text || content.subject, content.url);
    try {
      const { messageId } = await createTelegramBot(config.telegram).sendMessage(text);
      return { ok: true, id: String(messageId), text };
    } catch (error) {
      if (error instanceof TelegramError) return { ok: false, error: error.message };
      throw error;
    }
  },
};
