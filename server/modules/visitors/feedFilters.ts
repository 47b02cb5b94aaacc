import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/db';
import { findVisitorByToken } from './repository';
import { VISITOR_TOKEN_HEADER } from './schemas';
import type { VideoCondition } from '../videos';

/**
 * A visitor's feed filters (issue 42): hide shorts, hide live and upcoming streams, hide videos
 * whose title holds one of their words. They apply wherever the visitor's videos are listed: the
 * grid, the counts of new videos, the private feed and the digest (docs/decisions.md, «Feed
 * filters»).
 */
export interface FeedFilters {
  hideShorts: boolean;
  hideLive: boolean;
  hiddenWords: string[];
}

const FOLDED_LETTERS =
  'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿŸĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŹźŻżŽž';
/** Each letter's base letter (its canonical decomposition's first character). */
const PLAIN_LETTERS = [...FOLDED_LETTERS].map((letter) => letter.normalize('NFD')[0]).join('');

/**
 * SQL folding accents and case of a text expression, the same for titles and words. translate()
 * first: lower() folds only ASCII letters under the C collation the embedded database uses.
 */
export const foldSql = (expression: string) => `lower(translate(${expression}, '${FOLDED_LETTERS}', '${PLAIN_LETTERS}'))`;

/**
 * The SQL condition "video `video` passes the filters of visitor `visitor`" (a placeholder such
 * as `$2`, or a column). The digest calls it the same way to leave out what the visitor hides.
 */
export const passesFiltersSql = (visitor: string, video = 'v') => `NOT EXISTS (
  SELECT 1 FROM visitor ff WHERE ff.id = ${visitor} AND (
    (ff.hide_shorts AND ${video}.short) OR (ff.hide_live AND ${video}.views = 0)
    OR (ff.hidden_pattern IS NOT NULL AND ${foldSql(`${video}.title`)} ~ ff.hidden_pattern)))`;

export async function filtersOf(db: Queryable, visitorId: number): Promise<FeedFilters> {
  const [row] = await db.query<FeedFilters>(
    'SELECT hide_shorts AS "hideShorts", hide_live AS "hideLive", hidden_words AS "hiddenWords" FROM visitor WHERE id = $1',
    [visitorId],
  );
  return row;
}

/** Words trimmed, empty ones dropped, each kept once (the first spelling of the same folded word). */
const cleanWords = (words: string[]) => {
  const seen = new Set<string>();
  return words
    .map((word) => word.trim().replace(/\s+/g, ' '))
    .filter((word) => {
      const key = word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
      if (!word || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
};

/** Changes the filters given; the others stay. */
export async function saveFilters(db: Queryable, visitorId: number, changes: Partial<FeedFilters>): Promise<void> {
  // A change of the digest alone writes nothing here.
  if (Object.values(changes).every((value) => value === undefined)) return;
  const words = changes.hiddenWords === undefined ? null : cleanWords(changes.hiddenWords);
  await db.query(
    `UPDATE visitor SET hide_shorts = coalesce($2, hide_shorts), hide_live = coalesce($3, hide_live),
       hidden_words = coalesce($4::text[], hidden_words),
       hidden_pattern = CASE WHEN $4::text[] IS NULL THEN hidden_pattern
         -- Each folded word a literal: a backslash before every character but letters, digits and spaces.
         ELSE (SELECT string_agg(regexp_replace(${foldSql('w')}, '([^[:alnum:][:space:]])', '\\\\\\1', 'g'), '|') FROM unnest($4::text[]) AS w) END
     WHERE id = $1`,
    [visitorId, changes.hideShorts ?? null, changes.hideLive ?? null, words],
  );
}

/**
 * The visitor a public request comes from, when it carries a valid token: public routes answer
 * anyone, and apply that visitor's filters when there is one.
 */
export async function viewerOf(db: Queryable, request: FastifyRequest): Promise<number | null> {
  const token = request.headers[VISITOR_TOKEN_HEADER];
  if (typeof token !== 'string' || token.length > 200) return null;
  return (await findVisitorByToken(db, token))?.id ?? null;
}

/** The grid's condition for whoever asks: their filters, when the request carries a visitor's token (registered with videos). */
export async function viewerVideoCondition(db: Queryable, request: FastifyRequest): Promise<VideoCondition | undefined> {
  const viewer = await viewerOf(db, request);
  return viewer === null ? undefined : { sql: (param) => passesFiltersSql(param), value: viewer };
}
