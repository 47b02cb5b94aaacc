import { copy } from '../copy';

/**
 * The words the server itself writes into a message, in the delivery's language (its "Langue"
 * tab, `properties.lang`): French by default, English for `en`; any other language is written
 * in French (the editor says so). docs/templates.md, «Language».
 */
export interface LanguageCopy {
  /** The language the message is written in: `Content-Language` and `<html lang>`. */
  lang: string;
  locale: string;
  footerText: string;
  footerLink: string;
  footerHtmlQuestion: string;
  /** The preference page's link beside the unsubscribe one (issue 37). */
  footerPreferences: string;
  viewInBrowser: string;
  noVideo: string;
  noRating: string;
  criteria: [string, string, string];
  rateIt: string;
  rate: string;
  ratings: (count: number) => string;
}

const FRENCH: LanguageCopy = {
  lang: 'fr',
  locale: 'fr-FR',
  footerText: copy.footerText,
  footerLink: copy.footerLink,
  footerHtmlQuestion: copy.footerHtmlQuestion,
  footerPreferences: copy.footerPreferences,
  viewInBrowser: 'Voir dans le navigateur',
  noVideo: 'Pas de nouvelle vidéo.',
  noRating: 'Pas encore de note',
  criteria: ['Objectivité', 'Information', 'Motivation'],
  rateIt: 'Notez cette vidéo :',
  rate: 'Noter',
  ratings: (count) => (count > 1 ? `${count} notes` : `${count} note`),
};

const ENGLISH: LanguageCopy = {
  lang: 'en',
  locale: 'en-GB',
  footerText: 'No longer want these e-mails? Unsubscribe:',
  footerLink: 'Unsubscribe',
  footerHtmlQuestion: 'No longer want these e-mails?',
  footerPreferences: 'Manage my subscriptions',
  viewInBrowser: 'View in your browser',
  noVideo: 'No new video.',
  noRating: 'Not rated yet',
  criteria: ['Objectivity', 'Information', 'Motivation'],
  rateIt: 'Rate this video:',
  rate: 'Rate',
  ratings: (count) => (count > 1 ? `${count} ratings` : `${count} rating`),
};

/** The languages the server writes in; the others fall back to French. */
export const WRITTEN_LANGUAGES = ['fr', 'en'] as const;

/** `en` and `en-GB` are English; everything else (absent included) is French. */
export function languageCopy(lang: string | undefined): LanguageCopy {
  return lang?.toLowerCase().split('-')[0] === 'en' ? ENGLISH : FRENCH;
}
