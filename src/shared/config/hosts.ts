/**
 * Base URLs of the hosts the spec names. Our server implements all of them on the page's
 * origin; API_BASE_URL (build time; tests set it at run time) points them elsewhere.
 */
export function apiBaseUrl(): string {
  return process.env.API_BASE_URL || '/api';
}
