import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message the stand-in accepted, as the bot sent it. */
export interface SentMessage {
  chatId: string;
  text: string;
}

/**
 * A local stand-in of the Telegram Bot API for tests: `POST /bot<token>/sendMessage` with
 * `{chat_id, text}` answers Telegram's `{ok, result: {message_id, ...}}`, or its
 * `{ok: false, error_code, description}` for an unknown token or chat.
 */
export interface TelegramStandIn {
  url: string;
  token: string;
  /** The chats that exist; messages to others answer "chat not found". */
  chats: Set<string>;
  sent: SentMessage[];
  close(): Promise<void>;
}

const readBody = (request: http.IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve(body));
  });

export async function startTelegramStandIn(token = '123456789:StandInTokenStandInToken00'): Promise<TelegramStandIn> {
  const state = { token, chats: new Set<string>(), sent: [] as SentMessage[] };
  const refuse = (response: http.ServerResponse, code: number, description: string) =>
    response
      .writeHead(code, { 'content-type': 'application/json' })
      .end(JSON.stringify({ ok: false, error_code: code, description }));

  const server = http.createServer(async (request, response) => {
    const match = /^\/bot([^/]+)\/sendMessage$/.exec(request.url ?? '');
    if (!match || request.method !== 'POST') return refuse(response, 404, 'Not Found');
    if (match[1] !== state.token) return refuse(response, 401, 'Unauthorized');
    let body: { chat_id?: unknown; text?: unknown };
    try {
      body = JSON.parse(await readBody(request));
    } catch {
      return refuse(response, 400, "Bad Request: can't parse JSON");
    }
    const chatId = String(body.chat_id ?? '');
    if (!state.chats.has(chatId)) return refuse(response, 400, 'Bad Request: chat not found');
    if (typeof body.text !== 'string' || body.text.trim() === '') return refuse(response, 400, 'Bad Request: message text is empty');
    // Telegram counts UTF-16 code units past entity parsing; plain text: its length.
    if (body.text.length > 4096) return refuse(response, 400, 'Bad Request: message is too long');
    state.sent.push({ chatId, text: body.text });
    const result = { message_id: state.sent.length, date: Math.floor(Date.now() / 1000), chat: { id: chatId }, text: body.text };
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, result }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
