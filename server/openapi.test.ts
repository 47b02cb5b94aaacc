import { OPERATIONS } from './shared/openapi';
import { createTestApp, type TestApp } from './testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document tells the truth', () => {
  it('describes every route of the route table in French, and knows no route that is gone', () => {
    const keys = t.app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    expect(keys.filter((key) => !OPERATIONS[key])).toEqual([]);
    expect(Object.keys(OPERATIONS).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('declares on every operation its security, a summary and its refusals', async () => {
    const spec = (await t.app.inject('/api/docs/json')).json();
    expect(Object.keys(spec.components.securitySchemes).sort()).toEqual(['bearer', 'recipientToken', 'visitorToken']);
    let bearer = 0;
    for (const route of t.app.apiRoutes) {
      const operation = spec.paths[openApiPath(route.url)][route.method.toLowerCase()];
      expect([route.method, route.url, operation.summary]).toEqual([route.method, route.url, OPERATIONS[`${route.method} ${route.url}`].summary]);
      const expected = { bearer: [{ bearer: [] }], visitor: [{ visitorToken: [] }], recipient: [{ recipientToken: [] }], none: [] }[route.security];
      expect([route.url, operation.security]).toEqual([route.url, expected]);
      if (route.security === 'bearer') bearer += 1;
      if (!route.url.startsWith('/api/unsubscribe/')) {
        expect([route.url, Object.keys(operation.responses)]).toEqual([route.url, expect.arrayContaining(['4XX', '5XX'])]);
      }
    }
    // Every back-office route checks who is asking.
    expect(bearer).toBeGreaterThan(45);
    console.info(`${t.app.apiRoutes.length} operations, ${bearer} behind a bearer token`);
  });

  it('answers a refusal through the declared shape, field included', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login_check', payload: { email: 'a@b.c' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: "Le champ 'password' est obligatoire.", field: 'password' });
  });
});
