import { JSDOM } from 'jsdom';

/**
 * A DOM for rendering React in this process (jsdom, as the web tests use): the window's
 * globals the app and MUI read. Call before importing anything that renders.
 */
export function installDom(url: string): JSDOM {
  const dom = new JSDOM('<!doctype html><html lang="fr"><head></head><body><div id="root"></div></body></html>', { url, pretendToBeVisual: true });
  const { window } = dom;
  const globals = globalThis as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(window)) {
    if (key in globals) continue;
    try {
      globals[key] = (window as unknown as Record<string, unknown>)[key];
    } catch {
      // A getter jsdom refuses outside its window: not needed.
    }
  }
  for (const key of ['window', 'document', 'navigator', 'location', 'localStorage', 'sessionStorage', 'Event', 'KeyboardEvent', 'EventTarget']) {
    Object.defineProperty(globals, key, { value: (window as unknown as Record<string, unknown>)[key], configurable: true, writable: true });
  }
  globals.IS_REACT_ACT_ENVIRONMENT = true;
  window.HTMLElement.prototype.scrollIntoView = () => undefined;
  return dom;
}
