import { OPERATIONS } from './shared/openapi';
import { PATH_PARAM_MAX_CHARS } from './shared/validation';
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

  it('declares on every operation what it answers: a JSON schema, or its media type', async () => {
    const spec = (await t.app.inject('/api/docs/json')).json();
    const undeclared: string[] = [];
    let json = 0;
    for (const route of t.app.apiRoutes) {
      const key = `${route.method} ${route.url}`;
      const responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }> =
        spec.paths[openApiPath(route.url)][route.method.toLowerCase()].responses;
      const answers = Object.entries(responses).filter(([status]) => /^[23]\d\d$/.test(status));
      if (answers.length === 0) undeclared.push(`${key}: no 2xx or 3xx answer`);
      for (const [status, answer] of answers) {
        const content = answer.content ?? {};
        // No body: a redirect or 204 only.
        if (Object.keys(content).length === 0) {
          if (!/^(3\d\d|204)$/.test(status)) undeclared.push(`${key} ${status}: no media type`);
          continue;
        }
        const schema = content['application/json']?.schema;
        if (!schema) continue;
        json += 1;
        if (!schema.type && !schema.$ref && !schema.anyOf) undeclared.push(`${key} ${status}: a JSON answer without a schema`);
      }
    }
    expect(undeclared).toEqual([]);
    console.info(`${json} JSON answers declared with their schema`);
  });

  it('lets through what an answer holds beyond what its schema names', async () => {
    // Fastify's serializer drops what a schema does not name: every declared object lets the rest through.
    const spec = (await t.app.inject('/api/docs/json')).json();
    const closed: string[] = [];
    const walk = (schema: unknown, where: string): void => {
      if (!schema || typeof schema !== 'object') return;
      const node = schema as Record<string, unknown>;
      if (node.type === 'object' && node.properties && node.additionalProperties !== true) closed.push(where);
      for (const [key, value] of Object.entries(node)) {
        if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${where}.${key}[${index}]`));
        else walk(value, `${where}.${key}`);
      }
    };
    for (const route of t.app.apiRoutes) {
      const responses = spec.paths[openApiPath(route.url)][route.method.toLowerCase()].responses;
      for (const [status, answer] of Object.entries<{ content?: Record<string, { schema?: unknown }> }>(responses)) {
        if (/^2\d\d$/.test(status)) walk(answer.content?.['application/json']?.schema, `${route.method} ${route.url} ${status}`);
      }
    }
    expect(closed).toEqual([]);
  });

  it('bounds every text path parameter under the router limit, so that what a schema accepts is routed (no 414)', async () => {
    const spec = (await t.app.inject('/api/docs/json')).json();
    const unbounded: string[] = [];
    for (const [path, operations] of Object.entries<Record<string, { parameters?: { in: string; name: string; schema: { type?: string; maxLength?: number; pattern?: string } }[] }>>(spec.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const { name, schema } of (operation.parameters ?? []).filter((parameter) => parameter.in === 'path')) {
          const bounded = schema.type !== 'string' || (schema.maxLength ?? Infinity) <= PATH_PARAM_MAX_CHARS;
          if (!bounded) unbounded.push(`${method.toUpperCase()} ${path} ${name}`);
        }
      }
    }
    expect(unbounded).toEqual([]);
  });

  it('answers a refusal through the declared shape, field included', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login_check', payload: { email: 'a@b.c' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: "Le champ 'password' est obligatoire.", field: 'password' });
  });
});
