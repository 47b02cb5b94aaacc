import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { createMessageBuilder, type MessageBuilder } from './messageBuilder';

const key = createPrivateKey(generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }));

const message: SendMailOptions = {
  from: 'TGM News <news@example.org>',
  to: 'ana@example.net',
  envelope: { from: 'bounces+1.2.abc@example.org', to: 'ana@example.net' },
  subject: 'Bonjour Ana',
  text: 'Bonjour Ana\nÀ bientôt.',
  html: '<p>Bonjour Ana</p>',
  messageId: '<1.2.abc@example.org>',
  date: new Date('2026-11-27T00:00:00Z'),
  headers: { 'Feedback-ID': '1:2:envoi:abc' },
  dkim: { domainName: 'example.org', keySelector: 'tgm', privateKey: key, headerFieldNames: 'From:Subject:Date:Message-ID:Feedback-ID' },
};

/** A built message without its signature header and with one MIME boundary. */
const comparable = (raw: string) => raw.replace(/^DKIM-Signature:.*\r\n(?:[ \t].*\r\n)*/, '').replace(/_NmP-[0-9a-f]+-Part/g, '_NmP-x-Part');

describe('createMessageBuilder', () => {
  let builder: MessageBuilder;
  beforeEach(() => {
    builder = createMessageBuilder();
  });
  afterEach(() => builder.close());

  it('builds and signs in its thread the very bytes nodemailer builds on the event loop', async () => {
    const built = await builder.build(message);
    const direct = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }).sendMail(message);
    expect(built).not.toBeNull();
    const text = Buffer.from(built!.raw).toString();
    expect(text).toMatch(/^DKIM-Signature: v=1; a=rsa-sha256; c=relaxed\/relaxed; d=example.org;/);
    // The same but for the random MIME boundary, and so the body hash and signature.
    expect(comparable(text)).toBe(comparable((direct.message as Buffer).toString()));
    expect(built!.envelope).toEqual({ from: 'bounces+1.2.abc@example.org', to: ['ana@example.net'] });
  });

  it('answers null for a message it cannot take or build, and goes on building the next', async () => {
    await expect(builder.build({ ...message, headers: { 'X-Odd': (() => 'x') as unknown as string } })).resolves.toBeNull();
    await expect(builder.build({ ...message, raw: 42 as unknown as string })).resolves.toBeNull();
    await expect(builder.build(message)).resolves.not.toBeNull();
  });

  it('answers null for the messages of a thread that ended, and starts another', async () => {
    const inFlight = builder.build(message);
    await builder.close();
    await expect(inFlight).resolves.toBeNull();
    await expect(builder.build(message)).resolves.not.toBeNull();
  });

  it('ends its thread once idle, and starts one again for the next message', async () => {
    const quick = createMessageBuilder({ idleEndMs: 50 });
    try {
      await expect(quick.build(message)).resolves.not.toBeNull();
      expect(quick.running()).toBe(true);
      // Polled: a loaded machine may fire the 50 ms timer late.
      for (let waited = 0; quick.running() && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(quick.running()).toBe(false);
      await expect(quick.build(message)).resolves.not.toBeNull();
      expect(quick.running()).toBe(true);
    } finally {
      await quick.close();
    }
  });
});
