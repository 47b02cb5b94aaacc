import type { Config } from '../../config';
import { badRequest, HttpError } from '../../shared/errors';
import { createXClient, XError, type XClient } from './xClient';

const USERNAME = /^\w{1,15}$/;
const X_HOST = /^(www\.|mobile\.)?(x|twitter)\.com$/;
/** First path segments of x.com that are pages of the site, not accounts. */
const SITE_PAGES = new Set(['home', 'i', 'intent', 'search', 'explore', 'settings', 'notifications', 'messages', 'share', 'hashtag', 'login', 'signup', 'tos', 'privacy']);

/**
 * Reads what a person pastes to name an X account: `@name`, a bare name, or a profile URL of
 * x.com or twitter.com. Anything else is null.
 */
export function parseXUsername(input: string): string | null {
  const value = input.trim();
  if (!/^(https?:\/\/)?(www\.|mobile\.)?(x|twitter)\.com\//i.test(value)) {
    const name = value.startsWith('@') ? value.slice(1) : value;
    return USERNAME.test(name) ? name : null;
  }
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
  if (!X_HOST.test(url.hostname.toLowerCase())) return null;
  const [first, ...rest] = url.pathname.split('/').filter(Boolean);
  if (!first || rest.length > 0 || SITE_PAGES.has(first.toLowerCase())) return null;
  return USERNAME.test(first) ? first : null;
}

export function xUsernameOf(input: string, field: string): string {
  const username = parseXUsername(input);
  if (!username) throw badRequest(field, `Le champ '${field}' doit être l'adresse d'un profil X (https://x.com/nom) ou un @nom.`);
  return username;
}

/** The X client when X_API_BEARER_TOKEN is set, else null: X calls then answer 503. */
export const xClientFor = (config: Config): XClient | null =>
  config.xApiBearerToken ? createXClient({ baseUrl: config.xApiBaseUrl, bearerToken: config.xApiBearerToken }) : null;

export const xNotConfigured = () =>
  new HttpError(503, "X n'est pas configuré sur ce serveur (réglage X_API_BEARER_TOKEN) ; seules les vérifications YouTube sont possibles.");

/** An unknown account is a 404; X failing, refusing the token or answering garbage is a 502. */
export function fromXError(error: unknown): never {
  if (!(error instanceof XError)) throw error;
  if (error.kind === 'notFound') throw new HttpError(404, 'Compte X introuvable.');
  const why: Record<Exclude<XError['kind'], 'notFound'>, string> = {
    unreachable: "X n'a pas pu être joint",
    refused: "X a refusé le jeton d'accès (X_API_BEARER_TOKEN)",
    rateLimited: 'X limite les appels pour le moment',
    status: 'X a répondu une erreur',
    garbage: 'X a répondu un contenu illisible',
  };
  throw new HttpError(502, `${why[error.kind]} ; les données enregistrées sont inchangées.`);
}
