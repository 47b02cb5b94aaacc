import { createTestApp, type TestApp } from '../../testing/testApp';
import { call, newVisitor } from '../../testing/visitorCalls';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_WRITE_RATE_LIMIT: '10000', PUBLIC_READ_RATE_LIMIT: '10000' });
});
afterAll(async () => {
  await t.close();
});

const linksTo = async (email: string) =>
  (await t.db.query("SELECT 1 FROM mail_message WHERE kind = 'visiteur-connexion' AND lower(to_email) = lower($1)", [email])).length;

async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('never came true');
}

describe("'Retrouver mon espace': POST /api/visitor/sign-in-link (issue 42)", () => {
  it('answers the same for a known and an unknown address, mails the known one a link and makes no space for the other', async () => {
    await newVisitor(t.app, 'retrouve@example.org');
    const known = await call(t.app, 'POST', '/api/visitor/sign-in-link', {}, { email: 'Retrouve@Example.org' });
    const unknown = await call(t.app, 'POST', '/api/visitor/sign-in-link', {}, { email: 'retruove@example.org' });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(known.status);
    expect(unknown.text).toBe(known.text);
    expect(known.body).toEqual({ message: "Si un espace existe pour cette adresse, un lien vient d'y être envoyé." });

    await eventually(async () => (await linksTo('retrouve@example.org')) === 1);
    // Another request in the same ten minutes mails no second link.
    await call(t.app, 'POST', '/api/visitor/sign-in-link', {}, { email: 'retrouve@example.org' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await linksTo('retrouve@example.org')).toBe(1);
    expect(await linksTo('retruove@example.org')).toBe(0);
    expect(await t.db.query("SELECT 1 FROM visitor WHERE lower(email) = 'retruove@example.org'")).toHaveLength(0);
  });

  it('refuses an address off the pattern with a French 400 naming the field', async () => {
    const answer = await call(t.app, 'POST', '/api/visitor/sign-in-link', {}, { email: 'pas-une-adresse' });
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe('email');
  });
});
