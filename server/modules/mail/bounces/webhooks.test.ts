import { createTestApp, type TestApp } from '../../../testing/testApp';
import { startSmtpSink, type SmtpSink } from '../../../testing/smtpSink';
import { getSend, makeDelivery, makeList, startSend, waitForSend } from '../../../testing/mailFixtures';

const SECRET = 'webhook-secret-0123456789';
let sink: SmtpSink;
let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    SMTP_URL: sink.url,
    MAIL_FROM: 'TGM <news@tgm.example>',
    MAIL_POLL_MS: '50',
    BOUNCE_WEBHOOK_SECRET: SECRET,
    BOUNCE_SOFT_LIMIT: '3',
  });
  admin = await t.adminBearer();
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

async function sendTo(emails: string[]) {
  const listId = await makeList(t, admin, emails.map((email) => ({ email })));
  const started = await startSend(t, admin, await makeDelivery(t, admin), listId);
  await waitForSend(t, admin, started.id);
  return started.id;
}
const messageIdOf = (address: string) => sink.messages.filter((m) => m.to.includes(address)).slice(-1)[0].messageId;
const statusOf = async (email: string) =>
  (await t.db.query<{ status: string }>('SELECT status FROM grp_rcp WHERE email = $1', [email]))[0].status;
const suppressionOf = async (email: string) =>
  (await t.db.query<{ reason: string; source: string }>('SELECT reason, source FROM suppression WHERE email = lower($1)', [email]))[0] ?? null;
const basic = (password: string) => `Basic ${Buffer.from(`webhook:${password}`).toString('base64')}`;

const post = (service: string, body: unknown, headers: Record<string, string> = {}, raw = false) =>
  t.app.inject({
    method: 'POST',
    url: `/api/bounces/${service}`,
    headers: { 'content-type': raw ? 'text/plain; charset=UTF-8' : 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('bounce webhooks of e-mail services', () => {
  it('refuses a request without the secret, or a wrong one', async () => {
    const body = { bounces: [{ email: 'x@example.org', type: 'hard' }] };
    expect((await post('generic', body)).statusCode).toBe(401);
    const wrong = await post('generic', body, { authorization: 'Bearer not-the-secret-at-all' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ statusCode: 401, message: 'Secret du webhook invalide.' });
    expect((await post('unknown', body, { authorization: `Bearer ${SECRET}` })).statusCode).toBe(400);
  });

  it('reads Amazon SES bounce notifications delivered by SNS', async () => {
    const sendId = await sendTo(['ses-hard@example.org', 'ses-soft@example.org']);
    const notification = (recipient: string, bounceType: string, status: string, diagnosticCode: string) => ({
      Type: 'Notification',
      MessageId: '22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324',
      TopicArn: 'arn:aws:sns:eu-west-1:123456789012:ses-bounces',
      Subject: 'Amazon SES Email Event Notification',
      Message: JSON.stringify({
        notificationType: 'Bounce',
        bounce: {
          feedbackId: '0100017c-bounce',
          bounceType,
          bounceSubType: bounceType === 'Permanent' ? 'General' : 'MailboxFull',
          bouncedRecipients: [{ emailAddress: recipient, action: 'failed', status, diagnosticCode }],
          timestamp: '2026-11-22T21:00:00.000Z',
          reportingMTA: 'dsn; a1-2.smtp-out.eu-west-1.amazonses.com',
        },
        mail: {
          timestamp: '2026-11-22T20:59:58.000Z',
          source: 'news@tgm.example',
          messageId: '0100017c-ses-message-id',
          destination: [recipient],
          commonHeaders: { from: ['TGM <news@tgm.example>'], to: [recipient], messageId: messageIdOf(recipient), subject: 'Bonjour' },
        },
      }),
      Timestamp: '2026-11-22T21:00:01.000Z',
      SignatureVersion: '1',
      Signature: 'EXAMPLE',
      SigningCertURL: 'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-example.pem',
      UnsubscribeURL: 'https://sns.eu-west-1.amazonaws.com/?Action=Unsubscribe',
    });
    const hard = await post(
      'ses',
      notification('ses-hard@example.org', 'Permanent', '5.1.1', 'smtp; 550 5.1.1 user unknown'),
      { authorization: basic(SECRET), 'x-amz-sns-message-type': 'Notification' },
      true,
    );
    expect(hard.statusCode).toBe(200);
    expect(hard.json()).toEqual({ recorded: 1, unknown: 0 });
    const soft = await post('ses', notification('ses-soft@example.org', 'Transient', '4.2.2', 'smtp; 452 4.2.2 mailbox full'), { authorization: basic(SECRET) }, true);
    expect(soft.json()).toEqual({ recorded: 1, unknown: 0 });
    expect(await statusOf('ses-hard@example.org')).toBe('rejeté');
    expect(await statusOf('ses-soft@example.org')).toBe('actif');
    const view = (await getSend(t, admin, sendId)) as unknown as { bounced: number; bounces: { email: string; source: string; status: string }[] };
    expect(view.bounced).toBe(1);
    expect(view.bounces).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: 'ses-hard@example.org', source: 'ses', status: '5.1.1', kind: 'hard' }),
        expect.objectContaining({ email: 'ses-soft@example.org', source: 'ses', status: '4.2.2', kind: 'soft' }),
      ]),
    );

    // A subscription confirmation changes nothing and is acknowledged.
    const confirm = await post('ses', { Type: 'SubscriptionConfirmation', SubscribeURL: 'https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription' }, { authorization: basic(SECRET) }, true);
    expect(confirm.json()).toEqual({ recorded: 0, unknown: 0 });
  });

  it('reads SendGrid event webhooks (bounces, blocks and deferrals; other events ignored)', async () => {
    await sendTo(['sg-hard@example.org', 'sg-open@example.org']);
    const response = await post(
      'sendgrid',
      [
        { email: 'sg-open@example.org', timestamp: 1795374000, event: 'open', sg_event_id: 'e1', sg_message_id: 'm1' },
        {
          email: 'sg-hard@example.org',
          timestamp: 1795374001,
          'smtp-id': messageIdOf('sg-hard@example.org'),
          event: 'bounce',
          type: 'bounce',
          bounce_classification: 'Invalid Address',
          reason: '550 5.1.1 The email account that you tried to reach does not exist.',
          status: '5.1.1',
          sg_event_id: 'e2',
          sg_message_id: 'm2.filter',
        },
        { email: 'nobody-we-sent@example.org', timestamp: 1795374002, event: 'bounce', type: 'bounce', reason: '550 unknown', status: '5.0.0' },
      ],
      { authorization: basic(SECRET) },
    );
    expect(response.json()).toEqual({ recorded: 1, unknown: 1 });
    expect(await statusOf('sg-hard@example.org')).toBe('rejeté');
    expect(await statusOf('sg-open@example.org')).toBe('actif');
    // A hard bounce puts the address on the send's owner's suppression list.
    expect(await suppressionOf('sg-hard@example.org')).toEqual({ reason: 'rejeté', source: 'message' });
    expect(await suppressionOf('sg-open@example.org')).toBeNull();
  });

  it("reads complaints (SES, SendGrid, Postmark, generic): the address goes on the owner's suppression list, its contact's consent says so", async () => {
    const addresses = ['ses-plainte@example.org', 'sg-plainte@example.org', 'pm-plainte@example.org', 'gen-plainte@example.org'];
    await sendTo(addresses);
    const auth = { authorization: `Bearer ${SECRET}` };
    const ses = await post(
      'ses',
      JSON.stringify({
        Type: 'Notification',
        MessageId: 'b4a8c6b2-complaint',
        TopicArn: 'arn:aws:sns:eu-west-1:123456789012:ses-complaints',
        Message: JSON.stringify({
          notificationType: 'Complaint',
          complaint: {
            feedbackId: '0100017c-complaint',
            complaintSubType: null,
            complainedRecipients: [{ emailAddress: 'ses-plainte@example.org' }],
            timestamp: '2026-11-22T21:00:00.000Z',
            userAgent: 'Yahoo!-Mail-Feedback/2.0',
            complaintFeedbackType: 'abuse',
          },
          mail: { messageId: '0100017c-ses-message-id', commonHeaders: { messageId: messageIdOf('ses-plainte@example.org') } },
        }),
      }),
      auth,
      true,
    );
    expect(ses.json()).toEqual({ recorded: 1, unknown: 0 });
    const sendgrid = await post(
      'sendgrid',
      [{ email: 'sg-plainte@example.org', timestamp: 1795374003, event: 'spamreport', sg_event_id: 'e9', sg_message_id: 'm9' }],
      auth,
    );
    expect(sendgrid.json()).toEqual({ recorded: 1, unknown: 0 });
    const postmark = await post(
      'postmark',
      { RecordType: 'SpamComplaint', Type: 'SpamComplaint', TypeCode: 512, Email: 'pm-plainte@example.org', Description: 'The subscriber explicitly marked this message as spam.', Content: '' },
      auth,
    );
    expect(postmark.json()).toEqual({ recorded: 1, unknown: 0 });
    const generic = await post('generic', { bounces: [{ email: 'GEN-plainte@example.org', type: 'complaint' }, { email: 'nobody@example.org', type: 'complaint' }] }, auth);
    expect(generic.json()).toEqual({ recorded: 1, unknown: 1 });
    for (const address of addresses) {
      expect(await suppressionOf(address)).toEqual({ reason: 'plainte', source: 'message' });
      // The contact keeps its state; the suppression is what every send leaves out.
      expect(await statusOf(address)).toBe('actif');
      const [event] = await t.db.query<{ type: string; source: string }>(
        `SELECT e.type, e.source FROM grp_rcp_consent e JOIN grp_rcp c ON c.id = e.grp_rcp_id WHERE c.email = $1 ORDER BY e.id DESC LIMIT 1`,
        [address],
      );
      expect(event).toEqual({ type: 'exclu', source: 'message' });
    }
  });

  it('reads Postmark bounce webhooks, placing them by address when the Message-ID is not given back', async () => {
    await sendTo(['pm-hard@example.org']);
    const response = await post(
      'postmark',
      {
        RecordType: 'Bounce',
        MessageStream: 'outbound',
        ID: 4323372036854775,
        Type: 'HardBounce',
        TypeCode: 1,
        Name: 'Hard bounce',
        Tag: '',
        MessageID: '883953f4-6105-42a2-a16a-77a8eac79483',
        Metadata: {},
        ServerID: 23,
        Description: 'The server was unable to deliver your message (ex: unknown user, mailbox not found).',
        Details: 'smtp;550 5.1.1 The email account that you tried to reach does not exist.',
        Email: 'pm-hard@example.org',
        From: 'news@tgm.example',
        BouncedAt: '2026-11-22T21:00:00.0000000Z',
        DumpAvailable: true,
        Inactive: true,
        CanActivate: true,
        Subject: 'Bonjour',
        Content: '',
      },
      { authorization: basic(SECRET) },
    );
    expect(response.json()).toEqual({ recorded: 1, unknown: 0 });
    expect(await statusOf('pm-hard@example.org')).toBe('rejeté');
    const [bounce] = await t.db.query<{ status: string; diagnostic: string }>(`SELECT status, diagnostic FROM mail_bounce WHERE email = 'pm-hard@example.org'`);
    expect(bounce).toEqual({ status: '5.1.1', diagnostic: '550 5.1.1 The email account that you tried to reach does not exist.' });
  });

  it('reads the generic JSON format, and names the bad field', async () => {
    await sendTo(['gen-soft@example.org']);
    const soft = { email: 'gen-soft@example.org', type: 'soft', status: '4.2.2', reason: 'Mailbox full' };
    const auth = { authorization: `Bearer ${SECRET}` };
    expect((await post('generic', { bounces: [soft] }, auth)).json()).toEqual({ recorded: 1, unknown: 0 });
    expect(await statusOf('gen-soft@example.org')).toBe('actif');
    const bad = await post('generic', { bounces: [{ email: 'gen-soft@example.org', type: 'maybe' }] }, auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'bounces/0/type' });
    const notJson = await post('generic', 'not json', auth, true);
    expect(notJson.statusCode).toBe(400);
  });
});
