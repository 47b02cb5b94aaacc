import Handlebars from 'handlebars';
import { languageCopy } from './language';

const escape = Handlebars.escapeExpression;

/** Where AMP rating forms post (issue 40): the mail module answers it (tracking/ampNotes.ts). */
export const AMP_NOTES_PATH = '/api/amp/notes';

/** How long a rating form's token is valid: a person can change their rating until then. */
export const RATING_TOKEN_DAYS = 60;

/** The three criteria as the form names its fields, in RATING_LABELS' order. */
export const RATING_FIELDS = ['objectivite', 'information', 'motivation'] as const;

/** Why a message's AMP part carries no rating form, or null when it can (AMP forms post to https only). */
export function ampFormsRefusal(publicUrl: string): string | null {
  return publicUrl.startsWith('https://')
    ? null
    : 'Les formulaires AMP (noter une vidéo depuis la boîte de réception) exigent une adresse publique en https : PUBLIC_URL est en http, la partie AMP n’en porte donc pas.';
}

/**
 * The AMP form rating a video on the three criteria, posting the signed token: the mail
 * client shows 'Succès!' or 'Erreur !Oops!' from the JSON it answers.
 */
export function ampRatingForm(publicUrl: string, token: string, lang: string | undefined): string {
  const words = languageCopy(lang);
  const options = ['<option value="">–</option>', ...[1, 2, 3, 4, 5].map((n) => `<option value="${n}">${n}</option>`)].join('');
  const selects = RATING_FIELDS.map(
    (field, index) =>
      `<label style="display:block;margin:4px 0;font-size:14px">${escape(words.criteria[index])} <select name="${field}">${options}</select></label>`,
  ).join('');
  return (
    `<form method="post" action-xhr="${escape(publicUrl.replace(/\/+$/, '') + AMP_NOTES_PATH)}" style="margin:8px 0 0">` +
    `<input type="hidden" name="token" value="${escape(token)}">` +
    `<p style="margin:0 0 4px;font-size:14px">${escape(words.rateIt)}</p>${selects}` +
    `<button type="submit" style="font-size:16px;padding:6px 12px;margin-top:4px">${escape(words.rate)}</button>` +
    `<div submit-success><template type="amp-mustache"><p>Succès!</p></template></div>` +
    `<div submit-error><template type="amp-mustache"><p>Erreur !Oops!</p></template></div>` +
    `</form>`
  );
}

const SCRIPTS = [
  ['custom-element="amp-form"', '<script async custom-element="amp-form" src="https://cdn.ampproject.org/v0/amp-form-0.1.js"></script>'],
  ['custom-template="amp-mustache"', '<script async custom-template="amp-mustache" src="https://cdn.ampproject.org/v0/amp-mustache-0.2.js"></script>'],
] as const;

/** An AMP document carrying a rating form gets the scripts forms need in its head, once. */
export function withFormScripts(amp: string): string {
  if (!amp.includes(AMP_NOTES_PATH)) return amp;
  const missing = SCRIPTS.filter(([mark]) => !amp.includes(mark)).map(([, script]) => script);
  if (missing.length === 0) return amp;
  const at = amp.search(/<\/head>/i);
  return at < 0 ? amp : `${amp.slice(0, at)}${missing.join('')}${amp.slice(at)}`;
}
