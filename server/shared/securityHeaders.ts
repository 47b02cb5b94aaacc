import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * Helmet's headers, worked out once. Our policy has no per-request part: every directive is a
 * string (a directive given as a function, such as a nonce, would be worked out here once, for
 * no request; keep them strings). So helmet sets the same headers on every answer; run as middleware it went through its chain of
 * twelve functions for every request, 7 % of a small collection's CPU (bench/hydraCollection).
 * Helmet still decides every header and value: its middleware runs here, on a response that
 * only records them.
 */
export function securityHeaders({ https }: { https: boolean }): Readonly<Record<string, string>> {
  const middleware = helmet({
    // HSTS over plain HTTP means nothing, and pins a host that has no HTTPS yet.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://www.youtube.com', 'https://s.ytimg.com'],
        frameSrc: ["'self'", 'https://www.youtube.com', 'https://www.youtube-nocookie.com'],
        imgSrc: ["'self'", 'data:', 'https:'],
        // MUI's emotion injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    // X-Powered-By: Node's server never sets it.
    removeHeader: () => undefined,
  };
  let finished = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // Helmet's middleware answers at once today; were it ever to answer later, refuse rather than send less.
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return Object.freeze(headers);
}

/**
 * The part of the headers that acts on a script, a style sheet or an image fetched by a page:
 * no MIME sniffing, no reading from another site, HTTPS only. The rest (CSP, framing, opener,
 * referrer…) governs documents; on a built asset it is ~750 bytes of every answer that a
 * browser ignores (docs/decisions.md, «Performance: the embedded database off the event loop, honest benchmarks (issue 13)»).
 */
const SUBRESOURCE_HEADERS = ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security'];

export function assetHeaders(pageHeaders: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  return Object.freeze(Object.fromEntries(Object.entries(pageHeaders).filter(([name]) => SUBRESOURCE_HEADERS.includes(name))));
}
