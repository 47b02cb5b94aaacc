import { ampDocument } from '../../testing/mailFixtures';
import { createTestApp, userIdOf, type TestApp } from '../../testing/testApp';

let t: TestApp;
let admin: { authorization: string };
let operator: { authorization: string };
let operatorId: number;

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminBearer();
  operator = await t.operatorBearer();
  operatorId = userIdOf(operator);
});
afterAll(() => t.close());

const call: TestApp['call'] = (...args) => t.call(...args);

describe('deliveries', () => {
  let id: number;

  it('creates a template from {label, internalname} at version 1, for the admin only', async () => {
    const created = await call('POST', '/deliveries', admin, {
      label: 'Lettre',
      internalname: 'lettre-1',
      category: 'TGM',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      '@type': 'Delivery',
      label: 'Lettre',
      internalname: 'lettre-1',
      category: 'TGM',
      version: 1,
      actif: 1,
      profil: 'influenceur',
      codeHtml: [],
      codeText: [],
      codeAmp: '',
      properties: {},
    });
    for (const field of [
      'societe',
      'subject',
      'frequence',
      'goal',
      'channel',
      'typedel',
      'msg',
      'origin',
      'description',
      'lastModified',
    ]) {
      expect(created.json()).toHaveProperty(field);
    }
    id = created.json().id;
    expect((await call('POST', '/deliveries', operator, { label: 'X', internalname: 'x-1' })).statusCode).toBe(403);
  });

  it('saves the full delivery as the next version and refuses a version that skips or goes back', async () => {
    const current = (await call('GET', `/deliveries/${id}`, admin)).json();
    const saved = await call('PATCH', `/deliveries/${id}`, admin, {
      ...current,
      version: current.version + 1,
      subject: 'Bonjour {{firstname}}',
      codeHtml: [b64('<p>Hé {{firstname}}</p>')],
      codeText: [b64('Hé {{firstname}}')],
      codeAmp: ampDocument('<p>AMP {{firstname}}</p>'),
      properties: { data: [{ key: 'promo', value: '-20 %' }], lang: 'fr' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ version: 2, subject: 'Bonjour {{firstname}}', properties: { lang: 'fr' } });
    const skipped = await call('PATCH', `/deliveries/${id}`, admin, { version: 4 });
    expect(skipped.statusCode).toBe(409);
    expect(skipped.json().field).toBe('version');
    expect((await call('PATCH', `/deliveries/${id}`, admin, { version: 1 })).statusCode).toBe(409);
  });

  it('answers every version, newest first, by id or internal name', async () => {
    const byId = (await call('GET', `/api/deliveryAll/${id}`, admin)).json();
    expect(byId.data.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(byId.data[0]).toMatchObject({
      id,
      subject: 'Bonjour {{firstname}}',
      '@type': 'Delivery',
      publishedAt: null,
    });
    expect(byId.data[1].subject).toBe('');
    const byName = (await call('GET', '/api/deliveryAll/lettre-1', admin)).json();
    expect(byName.data.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect((await call('GET', '/api/deliveryAll/nothing-named-so', admin)).statusCode).toBe(404);
    expect((await call('GET', `/api/deliveryAll/${id}`, operator)).statusCode).toBe(403);
    expect((await call('GET', '/api/deliveryAll/bad%20name', admin)).json().field).toBe('ref');
  });

  it('filters as the console asks, with order[version]=desc', async () => {
    await call('POST', '/api/delivery/new', admin, {
      internalname: 'lettre-1',
      label: 'Lettre bis',
      subject: 'S',
      msg: 'm',
      codeText: [b64('texte')],
      codeHtml: [b64('<p>html</p>')],
    });
    const list = (
      await call('GET', `/deliveries?user=1&profil=influenceur&actif=1&order[version]=desc&category=TGM`, admin)
    ).json();
    expect(list['hydra:member'].map((d: { id: number }) => d.id)).toEqual([id]);
    const byName = (await call('GET', '/deliveries?internalname=lettre-1&order[version]=desc', admin)).json();
    expect(byName['hydra:member'].map((d: { version: number; label: string }) => [d.version, d.label])).toEqual([
      [3, 'Lettre bis'],
      [2, 'Lettre'],
    ]);
  });

  it('publishes the current version (MEP), as a new version when the body changes it', async () => {
    const same = await call('POST', '/api/amp/bo/modele/new', admin, { id, subject: 'Bonjour {{firstname}}' });
    expect(same.statusCode).toBe(201);
    expect(same.json()).toMatchObject({ id, version: 2, publishedAt: expect.any(String) });
    const changed = await call('POST', '/api/amp/bo/modele/new', admin, {
      id,
      subject: 'Nouvel objet',
      codeHtml: [b64('<p>v3</p>')],
      codeText: [b64('v3')],
      internalname: 'lettre-1',
      societe: 'tgm',
      origin: 'console',
      actif: 1,
      typedel: 'newsletter',
    });
    expect(changed.json()).toMatchObject({ id, version: 3, subject: 'Nouvel objet', typedel: 'newsletter' });
    const versions = (await call('GET', `/api/deliveryAll/${id}`, admin)).json().data;
    expect(
      versions.map((v: { version: number; publishedAt: string | null }) => [v.version, v.publishedAt !== null]),
    ).toEqual([
      [3, true],
      [2, true],
      [1, false],
    ]);
    const fresh = await call('POST', '/api/amp/bo/modele/new', admin, { internalname: 'modele-amp', subject: 'A' });
    expect(fresh.json()).toMatchObject({ version: 1, publishedAt: expect.any(String) });
    expect((await call('POST', '/api/amp/bo/modele/new', admin, { subject: 'no name' })).json().field).toBe(
      'internalname',
    );
  });

  it('soft-deletes with {actif: 0}; a deleted template cannot be published', async () => {
    const deleted = await call('PATCH', `/deliveries/${id}`, admin, { actif: 0 });
    expect(deleted.json()).toMatchObject({ actif: 0, version: 3 });
    const active = (await call('GET', '/deliveries?actif=1&category=TGM', admin)).json();
    expect(active['hydra:totalItems']).toBe(0);
    expect((await call('POST', '/api/amp/bo/modele/new', admin, { id })).statusCode).toBe(409);
  });

  it('refuses invalid base64, oversized code and bad fields with 400 naming the field', async () => {
    const target = (await call('POST', '/deliveries', admin, { label: 'V', internalname: 'valid-1' })).json().id;
    const cases: [unknown, string][] = [
      [{ codeHtml: ['not base64!'] }, 'codeHtml.0'],
      [{ codeText: [b64('ok'), 'abc'] }, 'codeText.1'],
      [{ codeHtml: [Buffer.from([0xff, 0xfe]).toString('base64')] }, 'codeHtml.0'],
      [{ codeHtml: [b64('x'.repeat(600_000)), b64('y'.repeat(600_000))] }, 'codeHtml'],
      [{ internalname: '1234' }, 'internalname'],
      [{ properties: { data: [{ key: 'has space', value: 'v' }] } }, 'properties.data.0.key'],
      [{ actif: 2 }, 'actif'],
    ];
    for (const [body, field] of cases) {
      const response = await call('PATCH', `/deliveries/${target}`, admin, body);
      expect({ status: response.statusCode, field: response.json().field }).toEqual({ status: 400, field });
    }
    const bad = await call('POST', '/api/delivery/new', admin, { internalname: 'b', codeText: ['%%%'] });
    expect(bad.json()).toMatchObject({ statusCode: 400, field: 'codeText.0' });
  });

  it("keeps a user's templates to them: the admin creates one for the operator, who may edit it", async () => {
    const forOperator = await call('POST', '/deliveries', admin, {
      label: 'Op',
      internalname: 'op-1',
      user: operatorId,
    });
    expect(forOperator.json().user).toBe(operatorId);
    const own = await call('PATCH', `/deliveries/${forOperator.json().id}`, operator, { subject: 'Mine', version: 2 });
    expect(own.json()).toMatchObject({ subject: 'Mine', version: 2 });
    const list = (await call('GET', `/deliveries?user=${operatorId}`, operator)).json();
    expect(list['hydra:member'].map((d: { label: string }) => d.label)).toEqual(['Op']);
    expect((await call('GET', '/deliveries?user=1', operator)).statusCode).toBe(403);
    expect((await call('GET', `/deliveries/${id}`, operator)).statusCode).toBe(403);
    expect((await call('PATCH', `/deliveries/${id}`, operator, { actif: 1 })).statusCode).toBe(403);
    expect((await call('GET', '/deliveries/999999', operator)).statusCode).toBe(404);
    expect((await call('POST', '/api/delivery/new', operator, { internalname: 'z' })).statusCode).toBe(403);
    expect((await call('GET', '/deliveries', {})).statusCode).toBe(401);
  });
});
