import type { Queryable } from '../../db/db';
import { foldSql } from '../../shared/hydra';
import { RATING_LABELS, type RatingLabel } from '../ratings';
import { ORDERABLE } from './schemas';

/** Who asks: an admin sees every creator, an operator those whose theme names one of their categories. */
export interface AudienceScope {
  /** The operator's user id; null for an admin. */
  operator: number | null;
}

export interface AudienceFilter {
  category?: string;
  search?: string;
  /** `order[...]` keys in the order given. */
  order: { field: (typeof ORDERABLE)[number]; direction: 'asc' | 'desc' }[];
}

export interface AudienceFigures {
  channelId: string;
  name: string;
  theme: string;
  followers: number;
  newFollowers7: number;
  newFollowers30: number;
  digestSubscribers: number;
  ratings: Record<RatingLabel, { average: number | null; count: number }>;
  bestVideos: { id: string; title: string; average: number; count: number }[];
}

export interface AudienceWeekRow {
  week: string;
  followers: number;
  newFollowers: number;
  ratingsCount: number;
  average: number | null;
}

/** How many of a creator's best-rated recent videos an answer lists, and how recent. */
export const BEST_VIDEOS = 3;
const RECENT = "interval '7 days'";
/** The weekly series' length, this week included. */
export const WEEKS = 26;

/** Each criterion's columns in the statements: c0/a0 for the first, and so on. */
const criterionColumns = RATING_LABELS.map((label, i) => ({ label, count: `c${i}`, average: `a${i}` }));

const ORDER_SQL: Record<(typeof ORDERABLE)[number], string> = {
  name: 'name',
  theme: 'theme',
  followers: 'followers',
  newFollowers7: 'new7',
  newFollowers30: 'new30',
  digestSubscribers: 'digest',
  ...Object.fromEntries(criterionColumns.map(({ label, average }) => [`ratings.${label}`, average])),
} as Record<(typeof ORDERABLE)[number], string>;

function orderSql(order: AudienceFilter['order']): string {
  const keys = order.map(({ field, direction }) => `${ORDER_SQL[field]} ${direction.toUpperCase()} NULLS LAST`);
  if (keys.length === 0) keys.push('followers DESC');
  return [...keys, 'id'].join(', ');
}

/**
 * The new followers (7 and 30 days) of the creators `channels` names, live: the last 30 days'
 * follows, read by creator on their (channel_id, created) index; lists without a visitor (the
 * home cards') do not follow.
 */
const recentSql = (channels: string) => `
  SELECT lc.channel_id, count(*) FILTER (WHERE lc.created > now() - interval '7 days')::int AS new7, count(*)::int AS new30
  FROM creator_list_channel lc
  WHERE lc.channel_id IN (${channels}) AND lc.created > now() - interval '30 days'
    AND lc.list_id NOT IN (SELECT l.id FROM creator_list l WHERE l.visitor_id IS NULL)
  GROUP BY lc.channel_id`;

/**
 * One statement for a page of creators and their figures (docs/architecture.md, «The audience
 * console»): the creators in scope, their followers, digest subscribers and ratings read from
 * the counts the database keeps (`audience_channel`, `audience_rating`, migration 1600), the
 * page cut after sorting on the figures (with the total beside it), and only then, for the
 * page's creators, their new followers (unless the order needs them for all) and their
 * best-rated videos of the last 7 days.
 * `$1` the operator (null: an admin), `$2` the category, `$3` the search, `$4` one channel.
 * `listed`: only creators somebody follows (the collection); a creator's own answer has zeros.
 */
function figuresSql(orderBy: string, limit: number, offset: number, listed: boolean): string {
  const criteria = criterionColumns
    .map(({ label, count, average }) => {
      const only = `FILTER (WHERE r.label = '${label}')`;
      return `coalesce(sum(r.count) ${only}, 0)::int AS ${count}, round(sum(r.total) ${only}::numeric / nullif(sum(r.count) ${only}, 0), 2)::float8 AS ${average}`;
    })
    .join(',\n           ');
  // New followers sort every creator only when the order asks for them; otherwise the page's.
  const sortsRecent = /\bnew(7|30)\b/.test(orderBy);
  return `
WITH scope AS (
  SELECT c.id, c.youtube_id, c.name, c.theme FROM channel c
  WHERE ($1::int IS NULL OR c.theme IN (SELECT k.name FROM category k WHERE k.user_id = $1::int))
    AND ($2::text IS NULL OR c.theme = $2::text)
    AND ($3::text IS NULL OR ${foldSql('c.name')} LIKE ${foldSql('$3::text')})
    AND ($4::text IS NULL OR c.youtube_id = $4::text)
), rated AS (
  SELECT r.channel_id,
         ${criteria}
  FROM audience_rating r
  WHERE r.channel_id IN (SELECT id FROM scope)
  GROUP BY r.channel_id
), ${sortsRecent ? `recent_all AS (${recentSql('SELECT id FROM scope')}),` : ''} figures AS (
  SELECT s.id, s.youtube_id, s.name, s.theme,
         coalesce(f.followers, 0) AS followers, coalesce(f.digest_subscribers, 0) AS digest,
         ${sortsRecent ? 'coalesce(n.new7, 0) AS new7, coalesce(n.new30, 0) AS new30,' : ''}
         ${criterionColumns.map(({ count, average }) => `coalesce(r.${count}, 0) AS ${count}, r.${average}`).join(', ')},
         count(*) OVER ()::int AS total
  FROM scope s
  LEFT JOIN audience_channel f ON f.channel_id = s.id
  LEFT JOIN rated r ON r.channel_id = s.id
  ${sortsRecent ? 'LEFT JOIN recent_all n ON n.channel_id = s.id' : ''}
  ${listed ? 'WHERE f.followers > 0' : ''}
  ORDER BY ${orderBy}
  LIMIT ${limit} OFFSET ${offset}
)${sortsRecent ? '' : `, recent AS (${recentSql('SELECT id FROM figures')})`}
SELECT g.*, ${sortsRecent ? '' : 'coalesce(n.new7, 0) AS new7, coalesce(n.new30, 0) AS new30,'}
       coalesce(best.videos, '[]'::json) AS best
FROM figures g
${sortsRecent ? '' : 'LEFT JOIN recent n ON n.channel_id = g.id'}
LEFT JOIN LATERAL (
  SELECT json_agg(json_build_object('id', b.id, 'title', b.title, 'average', b.average, 'count', b.count)
                  ORDER BY b.average DESC, b.count DESC, b.id) AS videos
  FROM (
    SELECT vi.id, vi.title, round(avg(r.rating), 2)::float8 AS average, count(*)::int AS count
    FROM video vi JOIN video_rating r ON r.video_id = vi.id
    WHERE vi.channel_id = g.id AND vi.published > now() - ${RECENT}
    GROUP BY vi.id, vi.title
    ORDER BY average DESC, count DESC, vi.id
    LIMIT ${BEST_VIDEOS}
  ) b
) best ON true
ORDER BY ${orderBy}`;
}

interface FiguresRow {
  id: number;
  youtube_id: string;
  name: string;
  theme: string;
  followers: number;
  new7: number;
  new30: number;
  digest: number;
  total: number;
  best: AudienceFigures['bestVideos'];
  [column: string]: unknown;
}

const toFigures = (row: FiguresRow): AudienceFigures => ({
  channelId: row.youtube_id,
  name: row.name,
  theme: row.theme,
  followers: row.followers,
  newFollowers7: row.new7,
  newFollowers30: row.new30,
  digestSubscribers: row.digest,
  ratings: Object.fromEntries(
    criterionColumns.map(({ label, count, average }) => [label, { average: (row[average] as number | null) ?? null, count: row[count] as number }]),
  ) as AudienceFigures['ratings'],
  bestVideos: row.best,
});

const params = (scope: AudienceScope, filter: Pick<AudienceFilter, 'category' | 'search'>, channelId: string | null) => {
  const search = filter.search?.trim();
  return [scope.operator, filter.category ?? null, search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null, channelId];
};

/** A page of the creators in scope that visitors follow, with their figures, and how many there are. */
export async function audiencePage(
  db: Queryable,
  scope: AudienceScope,
  filter: AudienceFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AudienceFigures[]; total: number }> {
  const rows = await db.query<FiguresRow>(figuresSql(orderSql(filter.order), page.limit, page.offset, true), params(scope, filter, null));
  if (rows.length > 0 || page.offset === 0) return { rows: rows.map(toFigures), total: rows[0]?.total ?? 0 };
  // Past the last page: the total still says how many there are.
  const [all] = await db.query<FiguresRow>(figuresSql('id', 1, 0, true), params(scope, filter, null));
  return { rows: [], total: all?.total ?? 0 };
}

/** One creator's figures, followed or not; null when it is not in scope. */
export async function audienceOf(db: Queryable, scope: AudienceScope, channelId: string): Promise<AudienceFigures | null> {
  const [row] = await db.query<FiguresRow>(figuresSql('id', 1, 0, false), params(scope, {}, channelId));
  return row ? toFigures(row) : null;
}

/** The channel's id and theme, when it is known. */
export async function findChannelTheme(db: Queryable, channelId: string): Promise<{ id: number; theme: string } | null> {
  const [row] = await db.query<{ id: number; theme: string }>('SELECT id, theme FROM channel WHERE youtube_id = $1', [channelId]);
  return row ?? null;
}

/** Whether the operator has a category of that name. */
export async function hasCategory(db: Queryable, userId: number, name: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM category WHERE user_id = $1 AND name = $2 LIMIT 1', [userId, name]);
  return rows.length > 0;
}

/** The categories a caller may filter on: an operator's own names, or every creator's theme. */
export async function categoriesOf(db: Queryable, scope: AudienceScope): Promise<string[]> {
  const rows =
    scope.operator === null
      ? await db.query<{ name: string }>('SELECT DISTINCT theme AS name FROM channel ORDER BY 1')
      : await db.query<{ name: string }>('SELECT DISTINCT name FROM category WHERE user_id = $1 ORDER BY 1', [scope.operator]);
  return rows.map((row) => row.name);
}

/**
 * A creator's weekly series: from the week of its first follow or rating (at most `WEEKS`
 * back) to this week, each week's Monday in `timezone`, the followers at the week's end (of
 * those who follow today: an unfollow removes its row), the week's new followers, and the
 * ratings given that week (count and average, every criterion together).
 */
export async function audienceWeeks(db: Queryable, channel: number, timezone: string): Promise<AudienceWeekRow[]> {
  return db.query<AudienceWeekRow>(
    `WITH follows AS (
       SELECT date_trunc('week', lc.created AT TIME ZONE $2::text) AS week
       FROM creator_list_channel lc JOIN creator_list l ON l.id = lc.list_id AND l.visitor_id IS NOT NULL
       WHERE lc.channel_id = $1
     ), rated AS (
       SELECT date_trunc('week', r.created AT TIME ZONE $2::text) AS week, r.rating
       FROM video vi JOIN video_rating r ON r.video_id = vi.id
       WHERE vi.channel_id = $1
     ), bounds AS (
       SELECT date_trunc('week', now() AT TIME ZONE $2::text) AS this_week
     ), weeks AS (
       SELECT generate_series(
                greatest(b.this_week - interval '${WEEKS - 1} weeks', least((SELECT min(week) FROM follows), (SELECT min(week) FROM rated))),
                b.this_week, interval '1 week') AS week
       FROM bounds b
       WHERE EXISTS (SELECT 1 FROM follows) OR EXISTS (SELECT 1 FROM rated)
     )
     SELECT to_char(w.week, 'YYYY-MM-DD') AS week,
            (SELECT count(*) FROM follows f WHERE f.week <= w.week)::int AS followers,
            (SELECT count(*) FROM follows f WHERE f.week = w.week)::int AS "newFollowers",
            (SELECT count(*) FROM rated r WHERE r.week = w.week)::int AS "ratingsCount",
            (SELECT round(avg(r.rating), 2)::float8 FROM rated r WHERE r.week = w.week) AS average
     FROM weeks w ORDER BY w.week`,
    [channel, timezone],
  );
}
