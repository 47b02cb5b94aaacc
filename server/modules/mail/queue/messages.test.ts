import { simpleParser } from 'mailparser';
import { createTestApp, type TestApp } from '../../../testing/testApp';
import { startSmtpSink, type SmtpSink } from '../../../testing/smtpSink';
import { messageKinds, type MessageKind } from '../messages';
import { enqueueMessages } from '.';

let sink: SmtpSink;
let t: TestApp;

// 450 twice, then accepted.
const refuse = (address: string, attempt: number) => (address.startsWith('later') && attempt <= 2 ? 450 : undefined);

/** A small kind of message, as other modules add theirs: it reads the database, and may decline. */
const noteKind: MessageKind = {
  kind: 'test-note',
  async compose(ctx, message) {
    if (message.payload.cancelled) return null;
    const [{ answer }] = await ctx.db.query<{ answer: number }>('SELECT 41 + 1 AS answer');
    return {
      subject: `Note ${message.key}`,
      html: `<p>Bonjour, la réponse est <b>${answer}</b> (${ctx.productName}).</p>`,
      unsubscribe: { url: `${ctx.publicUrl}/stop`, oneClickUrl: `${ctx.publicUrl}/stop/1` },
      listId: { id: 'notes.tgm.example', name: 'Notes' },
    };
  },
};

beforeAll(async () => {
  messageKinds.set(noteKind.kind, noteKind);
  sink = await startSmtpSink({ refuse });
  t = await createTestApp({
    SMTP_URL: sink.url,
    MAIL_FROM: 'TGM <news@tgm.example>',
    PUBLIC_URL: 'https://tgm.example',
    MAIL_RETRY_BASE_MS: '50',
    MAIL_RETRY_MAX_MS: '200',
    MAIL_MAX_ATTEMPTS: '5',
    MAIL_POLL_MS: '50',
  });
});
afterAll(async () => {
  await t.close();
  await sink.stop();
  messageKinds.delete(noteKind.kind);
});

interface Row {
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
}
const rowOf = async (key: string, kind = noteKind.kind) =>
  (await t.db.query<Row>('SELECT status, attempts, last_error, sent_at FROM mail_message WHERE kind = $1 AND key = $2', [kind, key]))[0];

async function waitForStatus(key: string, statuses: string[], kind = noteKind.kind): Promise<Row> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const row = await rowOf(key, kind);
    if (row && statuses.includes(row.status)) return row;
    if (Date.now() > deadline) throw new Error(`message ${key} still ${row?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const receivedBy = (address: string) => sink.messages.filter((m) => m.to.includes(address));

describe('queued one-off messages', () => {
  it('sends a message once, even when enqueued twice, composed like every message', async () => {
    const message = { kind: noteKind.kind, key: 'contact-1-note', to: 'ana@example.org', payload: {} };
    expect(await enqueueMessages(t.db, [message])).toBe(1);
    expect(await t.db.transaction((tx) => enqueueMessages(tx, [message, { ...message, to: 'other@example.org' }]))).toBe(0);
    const row = await waitForStatus('contact-1-note', ['sent']);
    expect(row.sent_at).not.toBeNull();
    // A later claim cycle would have sent a second copy by now if the row were still claimable.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receivedBy('ana@example.org')).toHaveLength(1);
    expect(receivedBy('other@example.org')).toHaveLength(0);

    const mail = await simpleParser(receivedBy('ana@example.org')[0].raw);
    expect(mail.subject).toBe('Note contact-1-note');
    expect(mail.from?.value).toEqual([{ name: 'TGM', address: 'news@tgm.example' }]);
    expect(mail.html).toContain(`la réponse est <b>42</b> (${t.config.productName})`);
    expect(mail.text).toContain('la réponse est 42');
    const header = (key: string) => mail.headerLines.find((h) => h.key === key)?.line.replace(/^[^:]+:\s*/, '');
    expect(header('list-unsubscribe')).toBe('<https://tgm.example/stop/1>');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(header('list-id')).toBe('"Notes" <notes.tgm.example>');
    expect(mail.messageId).toMatch(/^<message-\d+\.[^@]+@tgm\.example>$/);
  });

  it('records nothing when the transaction that enqueues rolls back', async () => {
    const message = { kind: noteKind.kind, key: 'rolled-back', to: 'rolled@example.org', payload: {} };
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueMessages(tx, [message]);
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    expect(await rowOf('rolled-back')).toBeUndefined();
  });

  it('retries a message the server refuses for now (4xx), with backoff, until it is accepted', async () => {
    await enqueueMessages(t.db, [{ kind: noteKind.kind, key: 'later-1', to: 'later@example.org', payload: {} }]);
    const row = await waitForStatus('later-1', ['sent', 'failed']);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(receivedBy('later@example.org')).toHaveLength(1);
  });

  it('records skipped, and sends nothing, when the kind answers null', async () => {
    await enqueueMessages(t.db, [{ kind: noteKind.kind, key: 'cancelled-1', to: 'cancelled@example.org', payload: { cancelled: true } }]);
    expect(await waitForStatus('cancelled-1', ['skipped', 'sent', 'failed'])).toMatchObject({ status: 'skipped' });
    expect(receivedBy('cancelled@example.org')).toHaveLength(0);
  });

  it('waits until notBefore', async () => {
    const notBefore = new Date(Date.now() + 3600_000).toISOString();
    await enqueueMessages(t.db, [{ kind: noteKind.kind, key: 'tomorrow', to: 'tomorrow@example.org', notBefore, payload: {} }]);
    await enqueueMessages(t.db, [{ kind: noteKind.kind, key: 'now', to: 'now@example.org', payload: {} }]);
    await waitForStatus('now', ['sent']);
    expect(await rowOf('tomorrow')).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it("frees a dead worker's claim and sends the message", async () => {
    await t.db.query(
      `INSERT INTO mail_message (kind, key, to_email, status, claimed_by) VALUES ($1, 'orphan', 'orphan@example.org', 'sending', 'dead:1:x')`,
      [noteKind.kind],
    );
    expect(await waitForStatus('orphan', ['sent'])).toMatchObject({ status: 'sent', attempts: 0 });
    expect(receivedBy('orphan@example.org')).toHaveLength(1);
  });

  it('fails a message of a kind this server does not know, naming it', async () => {
    await enqueueMessages(t.db, [{ kind: 'no-such-kind', key: 'x', to: 'nobody@example.org', payload: {} }]);
    const row = await waitForStatus('x', ['failed', 'sent'], 'no-such-kind');
    expect(row.status).toBe('failed');
    expect(row.last_error).toContain('no-such-kind');
    expect(receivedBy('nobody@example.org')).toHaveLength(0);
  });
});
