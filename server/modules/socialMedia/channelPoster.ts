import type { ChannelPoster } from '../mail';
import { createXClient, XError } from './xClient';

/** X's limit on a post (a link counts as 23 characters, t.co's length). */
const X_POST_LIMIT = 280;
const X_LINK_LENGTH = 23;

/** A newsletter's post on X: its subject, cut to fit, and the link to its public page. */
export function xText(subject: string, url: string): string {
  const room = X_POST_LIMIT - X_LINK_LENGTH - 1;
  const title = subject.trim().length > room ? `${subject.trim().slice(0, room - 1).trimEnd()}…` : subject.trim();
  return `${title} ${url}`;
}

/** A delivery whose channel is X: posted through the X API v2 (`POST /2/tweets`, issue 40). */
export const xPoster: ChannelPoster = {
  channel: 'x',
  refusal: (config) => (config.xApiBearerToken ? null : "Le canal X n'est pas configuré (X_API_BEARER_TOKEN) : rien n'a été envoyé."),
  async post(config, content) {
    if (!config.xApiBearerToken) return { ok: false, error: 'X non configuré' };
    const text = xText(content.subject, content.url);
    try {
      const posted = await createXClient({ baseUrl: config.xApiBaseUrl, bearerToken: config.xApiBearerToken }).post(text);
      return { ok: true, id: posted.id, text: posted.text };
    } catch (error) {
      if (error instanceof XError) return { ok: false, error: error.message };
      throw error;
    }
  },
};
