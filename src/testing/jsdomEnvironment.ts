import JSDOMEnvironment from 'jest-environment-jsdom';

/**
 * jsdom without Node's fetch API: RTK Query needs fetch, Request, Response and Headers, so
 * web tests get Node's own (the real ones, talking to real local servers).
 */
export default class JsdomWithFetchEnvironment extends JSDOMEnvironment {
  constructor(...args: ConstructorParameters<typeof JSDOMEnvironment>) {
    super(...args);
    const global = this.global as unknown as Record<string, unknown>;
    for (const name of [
      'fetch',
      'Request',
      'Response',
      'Headers',
      'FormData',
      'AbortController',
      'AbortSignal',
      'TextEncoder',
      'TextDecoder',
      'ReadableStream',
      'structuredClone',
    ]) {
      global[name] = (globalThis as Record<string, unknown>)[name];
    }
  }
}
