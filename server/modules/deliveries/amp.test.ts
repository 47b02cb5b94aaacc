import { HOSTILE_AMP_SHAPE_NAMES, HOSTILE_AMP_SHAPES } from '../../testing/hostileAmp';
import { ampDocument, b64 } from '../../testing/mailFixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminBearer();
});
afterAll(() => t.close());

const call: TestApp['call'] = (...args) => t.call(...args);
const HTML = [b64('<p>Bonjour {{firstname}}</p>')];
const TEXT = [b64('Bonjour {{firstname}}')];
/** Line 1: the required markup; line 2: the body's first line. */
const amp = (body: string) => ampDocument(`\n${body}\n`);
const INVALID = amp('<p style="color: red !important">x</p>\n  <img src="https://example.com/a.png">');
const ERRORS = [
  { line: 2, column: 22, rule: 'important', message: '« !important » est interdit dans le CSS AMP pour e-mail.' },
  { line: 3, column: 3, rule: 'disallowed-tag', message: "La balise <img> n'est pas autorisée en AMP pour e-mail : utilisez <amp-img>." },
];

async function created(fields: Record<string, unknown> = {}) {
  const response = await call('POST', '/api/deliveries', admin, {
    label: 'AMP',
    internalname: `amp-${Math.random().toString(36).slice(2, 10)}`,
    codeHtml: HTML,
    codeText: TEXT,
    ...fields,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; version: number };
}

describe('the AMP code of a delivery', () => {
  it('is checked when saved: an invalid AMP answers 400 naming the field, with each error at its line and column', async () => {
    const delivery = await created();
    const saved = await call('PATCH', `/api/deliveries/${delivery.id}`, admin, { codeAmp: INVALID, version: 2 });
    expect(saved.statusCode).toBe(400);
    expect(saved.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      field: 'codeAmp',
      message:
        "Le champ 'codeAmp' n'est pas un AMP pour e-mail valide : ligne 2, colonne 22 : « !important » est interdit dans le CSS AMP pour e-mail. (et 1 autre erreur)",
      errors: ERRORS,
    });
    // Nothing was written.
    expect((await call('GET', `/api/deliveries/${delivery.id}`, admin)).json()).toMatchObject({ version: 1, codeAmp: '' });

    const created400 = await call('POST', '/api/deliveries', admin, { label: 'X', internalname: 'amp-bad', codeHtml: HTML, codeAmp: INVALID });
    expect(created400.json()).toMatchObject({ statusCode: 400, field: 'codeAmp', errors: ERRORS });
    const new400 = await call('POST', '/api/delivery/new', admin, { internalname: 'amp-bad', codeText: TEXT, codeAmp: INVALID });
    expect(new400.json()).toMatchObject({ statusCode: 400, field: 'codeAmp', errors: ERRORS });
  });

  it('is saved when valid, its links to {{unsubscribeUrl}} and other Handlebars values judged once rendered', async () => {
    const delivery = await created();
    const code = amp('<a href="{{unsubscribeUrl}}">Se désabonner</a> <a href="https://example.com/{{promo}}">Offre</a>');
    const saved = await call('PATCH', `/api/deliveries/${delivery.id}`, admin, { codeAmp: code, version: 2 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ version: 2, codeAmp: code });
  });

  it('never stands alone: a delivery whose only code is AMP is refused, naming the field', async () => {
    const message =
      "Le champ 'codeAmp' ne peut pas être le seul code du modèle : la version AMP n'est envoyée qu'à côté d'une version HTML ('codeHtml') ou texte ('codeText').";
    const alone = await call('POST', '/api/deliveries', admin, { label: 'A', internalname: 'amp-alone', codeAmp: amp('x') });
    expect(alone.json()).toEqual({ statusCode: 400, error: 'Bad Request', field: 'codeAmp', message });
    // Emptying HTML and text of a delivery that has AMP leaves it alone too; blank code counts as none.
    const delivery = await created({ codeAmp: amp('x') });
    const emptied = await call('PATCH', `/api/deliveries/${delivery.id}`, admin, { codeHtml: [b64('  \n')], codeText: [], version: 2 });
    expect(emptied.json()).toMatchObject({ statusCode: 400, field: 'codeAmp', message });
    // With text alone beside it, it is sendable; other changes to the delivery are not held up.
    expect((await call('PATCH', `/api/deliveries/${delivery.id}`, admin, { codeHtml: [], version: 2 })).statusCode).toBe(200);
    expect((await call('PATCH', `/api/deliveries/${delivery.id}`, admin, { subject: 'Objet', version: 3 })).statusCode).toBe(200);
    const mep = await call('POST', '/api/amp/bo/modele/new', admin, { internalname: 'amp-alone-mep', codeAmp: amp('x') });
    expect(mep.json()).toMatchObject({ statusCode: 400, field: 'codeAmp', message });
  });

  it('is checked when published (MEP): nothing is published, nor a version written, when it is invalid', async () => {
    const delivery = await created({ codeAmp: amp('<p>ok</p>') });
    const refused = await call('POST', '/api/amp/bo/modele/new', admin, { id: delivery.id, codeAmp: INVALID });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'codeAmp', errors: ERRORS });
    const versions = (await call('GET', `/api/deliveryAll/${delivery.id}`, admin)).json().data;
    expect(versions.map((v: { version: number; publishedAt: string | null }) => [v.version, v.publishedAt])).toEqual([[1, null]]);

    // An AMP code stored before the rules existed is refused at MEP even when the body changes nothing.
    await t.db.query('UPDATE delivery SET code_amp = $1 WHERE id = $2', [INVALID, delivery.id]);
    const stale = await call('POST', '/api/amp/bo/modele/new', admin, { id: delivery.id });
    expect(stale.json()).toMatchObject({ statusCode: 400, field: 'codeAmp', errors: ERRORS });

    await t.db.query('UPDATE delivery SET code_amp = $1 WHERE id = $2', [amp('<p>ok</p>'), delivery.id]);
    const published = await call('POST', '/api/amp/bo/modele/new', admin, { id: delivery.id });
    expect(published.statusCode).toBe(201);
    expect(published.json()).toMatchObject({ id: delivery.id, publishedAt: expect.any(String) });
  });

  it('can be checked as it is typed, by any signed-in user', async () => {
    const answer = await call('POST', '/api/delivery/amp/validation', admin, { codeAmp: INVALID });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ errors: ERRORS });
    expect((await call('POST', '/api/delivery/amp/validation', admin, { codeAmp: amp('ok') })).json()).toEqual({ errors: [] });
    expect((await call('POST', '/api/delivery/amp/validation', admin, { codeAmp: '' })).json()).toEqual({ errors: [] });
    expect((await call('POST', '/api/delivery/amp/validation', admin, {})).json()).toMatchObject({ statusCode: 400, field: 'codeAmp' });
    expect((await call('POST', '/api/delivery/amp/validation', {}, { codeAmp: 'x' })).statusCode).toBe(401);
    const operator = await t.operatorBearer();
    expect((await call('POST', '/api/delivery/amp/validation', operator, { codeAmp: 'x' })).statusCode).toBe(200);
  });

  it('answers the documents that held the server (issue 36) in their turn, while other requests are answered, never a 5xx', async () => {
    // In the validation thread: the event loop answers /api/health while they are judged.
    const judged = Promise.all(
      HOSTILE_AMP_SHAPE_NAMES.map((name) => call('POST', '/api/delivery/amp/validation', admin, { codeAmp: HOSTILE_AMP_SHAPES[name](60_000) })),
    );
    expect((await call('GET', '/api/health', {})).statusCode).toBe(200);
    const answers = await judged;
    expect(answers.map((answer, i) => [HOSTILE_AMP_SHAPE_NAMES[i], answer.statusCode])).toEqual(HOSTILE_AMP_SHAPE_NAMES.map((name) => [name, 200]));
    const rules = (i: number) => (answers[i].json() as { errors: { rule: string }[] }).errors.map((e) => e.rule);
    expect(rules(HOSTILE_AMP_SHAPE_NAMES.indexOf('rubyBases'))).toContain('document-too-complex');
    expect(rules(HOSTILE_AMP_SHAPE_NAMES.indexOf('attributes'))).toContain('document-too-complex');

    // Saving such a code: a 400 naming the field (the stack overflow was a 500).
    const delivery = await created();
    for (const name of ['rubyBases', 'listDescriptions'] as const) {
      const saved = await call('PATCH', `/api/deliveries/${delivery.id}`, admin, { codeAmp: HOSTILE_AMP_SHAPES[name](24_000), version: 2 });
      expect([name, saved.statusCode, saved.json().field]).toEqual([name, 400, 'codeAmp']);
    }
  });

  it('is described in the OpenAPI document: the save and MEP refusals carry `errors`', async () => {
    const spec = (await t.app.inject('/api/docs/json')).json();
    for (const [path, method] of [
      ['/api/deliveries', 'post'],
      ['/api/deliveries/{id}', 'patch'],
      ['/api/delivery/new', 'post'],
      ['/api/amp/bo/modele/new', 'post'],
    ]) {
      const schema = spec.paths[path][method].responses['400'].content['application/json'].schema;
      expect([path, Object.keys(schema.properties)]).toEqual([path, ['statusCode', 'error', 'message', 'field', 'errors']]);
      expect(Object.keys(schema.properties.errors.items.properties)).toEqual(['line', 'column', 'rule', 'message']);
    }
  });
});

describe('GET /api/delivery/starters (issue 41)', () => {
  it('answers the starting points, each of which saves and publishes (MEP) as it is', async () => {
    const answer = await call('GET', '/api/delivery/starters', await t.operatorBearer());
    expect(answer.statusCode).toBe(200);
    const { starters } = answer.json() as { starters: { id: string; subject: string; html: string; text: string; amp: string }[] };
    expect(starters.map((starter) => starter.id)).toEqual(['newsletter', 'announcement', 'videos', 'letter']);
    for (const starter of starters) {
      const delivery = await created({ subject: starter.subject, codeHtml: [b64(starter.html)], codeText: [b64(starter.text)], codeAmp: starter.amp });
      const published = await call('POST', '/api/amp/bo/modele/new', admin, { id: delivery.id });
      expect([starter.id, published.statusCode]).toEqual([starter.id, 201]);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/delivery/starters' })).statusCode).toBe(401);
  });
});
