import { createTestApp, type TestApp } from '../../testing/testApp';
import { startTelegramStandIn, type TelegramStandIn } from '../../testing/telegramStandIn';

const CHAT = '-1001234567890';
const message = (text: string) => ({ service: 'message', data: { message: text } });

let telegram: TelegramStandIn;
let t: TestApp;

beforeAll(async () => {
  telegram = await startTelegramStandIn();
  telegram.chats.add(CHAT);
  t = await createTestApp({ TELEGRAM_API_URL: telegram.url, TELEGRAM_BOT_TOKEN: telegram.token, TELEGRAM_CHAT_ID: CHAT });
});
afterAll(async () => {
  await Promise.all([t.close(), telegram.close()]);
});

const send = async (app: TestApp, body: unknown, signedIn = true) =>
  app.app.inject({
    method: 'POST',
    url: '/api/telegram/bot',
    payload: body as object,
    headers: signedIn ? await app.operatorBearer() : {},
  });

describe('POST /api/telegram/bot', () => {
  it('sends the message to the configured chat through the Bot API', async () => {
    const response = await send(t, message('Nouvelle vidéo : https://youtu.be/_6J55Ozorvh?t=42'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sent: true, messageId: 1 });
    expect(telegram.sent).toEqual([{ chatId: CHAT, text: 'Nouvelle vidéo : https://youtu.be/_6J55Ozorvh?t=42' }]);
  });

  it('is for signed-in back-office users only (401), and sends nothing then', async () => {
    const before = telegram.sent.length;
    expect((await send(t, message('spam'), false)).statusCode).toBe(401);
    expect(telegram.sent).toHaveLength(before);
  });

  it.each([
    ['another service', { service: 'photo', data: { message: 'x' } }, 'service'],
    ['no data', { service: 'message' }, 'data'],
    ['no message', { service: 'message', data: {} }, 'data.message'],
    ['a blank message', message('   '), 'data.message'],
    ['a message longer than Telegram takes', message('x'.repeat(4097)), 'data.message'],
  ])('refuses %s with a 400 naming the field', async (_what, body, field) => {
    const response = await send(t, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });

  it('answers 502 with Telegram’s reason when Telegram refuses, and never shows the token', async () => {
    const wrongChat = await createTestApp({
      TELEGRAM_API_URL: telegram.url,
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_CHAT_ID: '@canal_inconnu',
    });
    try {
      const response = await send(wrongChat, message('Bonjour'));
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe('Telegram a refusé le message : Bad Request: chat not found');
      expect(response.body).not.toContain(telegram.token);
    } finally {
      await wrongChat.close();
    }
  });

  it('answers 502 when Telegram cannot be reached', async () => {
    const unreachable = await createTestApp({
      TELEGRAM_API_URL: 'http://127.0.0.1:1',
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_CHAT_ID: CHAT,
    });
    try {
      const response = await send(unreachable, message('Bonjour'));
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe('Telegram ne répond pas.');
    } finally {
      await unreachable.close();
    }
  });

  it('answers 503 with a clear message when the bot is not configured', async () => {
    const bare = await createTestApp();
    try {
      const response = await send(bare, message('Bonjour'));
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe(
        "Le bot Telegram n'est pas configuré : définissez TELEGRAM_BOT_TOKEN et TELEGRAM_CHAT_ID.",
      );
    } finally {
      await bare.close();
    }
  });
});
