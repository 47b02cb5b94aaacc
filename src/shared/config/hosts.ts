/**
 * Base URLs of the hosts the spec names. Our server implements all of them on the page's
 * origin; API_BASE_URL (build time; tests set it at run time) points them elsewhere.
 */
export function apiBaseUrl(): string {
  return process.env.API_BASE_URL || '/api';
}

const ABSOLUTE = /^[a-z][a-z\d+.-]*:\/\//i;

/** A path under /api (or an absolute URL of another host) as the URL to call. */
export function apiUrl(path: string): string {
  if (ABSOLUTE.test(path)) return path;
  return `${apiBaseUrl().replace(/\/$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
}
