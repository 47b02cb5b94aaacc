import { shortDate } from '../../../shared/lib/dates';

/** Spec §9: a card's title is cut at 80 characters, followed by '...'. */
export const TITLE_MAX_LENGTH = 80;

export function cutTitle(title: string): string {
  return title.length > TITLE_MAX_LENGTH ? `${title.slice(0, TITLE_MAX_LENGTH)}...` : title;
}

/** The card's date: the first 10 characters (YYYY-MM-DD). */
export const cardDate = shortDate;

const viewsFormat = new Intl.NumberFormat('fr-FR');

export const formatViews = (views: number) => viewsFormat.format(views);
