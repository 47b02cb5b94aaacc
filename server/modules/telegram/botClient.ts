import type { TelegramConfig } from '../../config';

/** Why a message did not go: Telegram refused it (its description), or could not be reached. */
export class TelegramError extends Error {
  constructor(
    readonly kind: 'refused' | 'unreachable',
    message: string,
  ) {
    super(message);
  }
}

export interface TelegramBot {
  /** Posts a text message to the configured chat; answers Telegram's message id. */
  sendMessage(text: string): Promise<{ messageId: number }>;
}

interface BotApiAnswer {
  ok?: boolean;
  description?: string;
  result?: { message_id?: number };
}

const TIMEOUT_MS = 10_000;

/** A client of the Telegram Bot API's `sendMessage`. Errors never carry the URL: it holds the token. */
export function createTelegramBot({ apiUrl, botToken, chatId }: TelegramConfig, timeoutMs = TIMEOUT_MS): TelegramBot {
  return {
    async sendMessage(text) {
      let response: Response;
      try {
        response = await fetch(`${apiUrl}/bot${botToken}/sendMessage`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ chat_id: chatId, text }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
        throw new TelegramError('unreachable', `Telegram Bot API unreachable (${cause})`);
      }
      let answer: BotApiAnswer;
      try {
        answer = (await response.json()) as BotApiAnswer;
      } catch {
        throw new TelegramError('unreachable', `Telegram Bot API answered ${response.status} without JSON`);
      }
      const messageId = answer.result?.message_id;
      if (!answer.ok || typeof messageId !== 'number') {
        throw new TelegramError('refused', answer.description ?? `status ${response.status}`);
      }
      return { messageId };
    },
  };
}
