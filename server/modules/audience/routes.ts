import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { currentUser, isAdmin, type AuthUser } from '../../shared/auth';
import type { ModuleContext } from '../../shared/context';
import { csvFormat, DEFAULT_CSV_SEPARATOR, type CsvSeparator } from '../../shared/csv';
import { DownloadLink, downloadLinks, downloadRefused } from '../../shared/downloadLinks';
import { badRequest, forbidden, notFound } from '../../shared/errors';
import { collectionView, DEFAULT_ITEMS_PER_PAGE, MAX_ITEMS_PER_PAGE } from '../../shared/hydra';
import { RATING_LABELS } from '../ratings';
import {
  audienceOf,
  audiencePage,
  audienceWeeks,
  categoriesOf,
  findChannelTheme,
  hasCategory,
  type AudienceFigures,
  type AudienceFilter,
  type AudienceScope,
} from './repository';
import {
  AudienceCollection,
  AudienceCsvAnswer,
  AudienceCsvLinkBody,
  AudienceCsvQuery,
  AudienceDetail,
  AudienceQuery,
  ChannelParams,
  ORDERABLE,
} from './schemas';

const TAGS = ['audience'];

/** What a CSV download link binds: who asked, and the filters and order of the table. */
interface DownloadClaims {
  user: number;
  category: string | null;
  search: string | null;
  order: AudienceFilter['order'];
  separator: CsvSeparator;
}

const scopeOf = (user: AuthUser): AudienceScope => ({ operator: isAdmin(user) ? null : user.id });

/** The filter a query (or a body) asks for: `order[...]` keys in the order given. */
function filterOf(query: Record<string, unknown>): AudienceFilter {
  const order: AudienceFilter['order'] = [];
  for (const [key, direction] of Object.entries(query)) {
    const field = /^order\[(.+)\]$/.exec(key)?.[1] as (typeof ORDERABLE)[number] | undefined;
    if (field && ORDERABLE.includes(field) && (direction === 'asc' || direction === 'desc')) order.push({ field, direction });
  }
  return {
    category: typeof query.category === 'string' ? query.category : undefined,
    search: typeof query.search === 'string' ? query.search : undefined,
    order,
  };
}

const iri = (channelId: string) => `/api/audience/${channelId}`;
const item = (figures: AudienceFigures) => ({ '@id': iri(figures.channelId), '@type': 'Audience' as const, ...figures });

/** The CSV's columns: the table's, each criterion's average and count, the best videos' titles. */
const CSV_COLUMNS = [
  'Créateur',
  'Chaîne',
  'Catégorie',
  'Abonnés',
  'Nouveaux abonnés (7 jours)',
  'Nouveaux abonnés (30 jours)',
  'Abonnés au résumé',
  ...RATING_LABELS.flatMap((label) => [`${label} (moyenne)`, `${label} (notes)`]),
  'Meilleures vidéos (7 jours)',
];

const csvRow = (row: AudienceFigures) => [
  row.name,
  row.channelId,
  row.theme,
  row.followers,
  row.newFollowers7,
  row.newFollowers30,
  row.digestSubscribers,
  ...RATING_LABELS.flatMap((label) => [row.ratings[label].average === null ? '' : String(row.ratings[label].average).replace('.', ','), row.ratings[label].count]),
  row.bestVideos.map((video) => video.title).join(' | '),
];

/**
 * The audience console (docs/architecture.md, «The audience console»): per creator that visitors
 * follow, its followers, new followers, digest subscribers, ratings and best recent videos;
 * one creator's weekly series; the CSV export. Operators see the creators whose theme is one of
 * their categories' names, admins all.
 */
export const audienceRoutes: FastifyPluginAsync<ModuleContext> = async (app, context) => {
  const { db, authenticate, config } = context;
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const downloads = downloadLinks<DownloadClaims>(context, 'audience-export');

  typed.get(
    '/api/audience',
    { onRequest: authenticate, schema: { tags: TAGS, querystring: AudienceQuery, response: { 200: AudienceCollection } } },
    async (request) => {
      const scope = scopeOf(currentUser(request));
      const query = request.query as Record<string, unknown>;
      const page = Number(query.page ?? 1);
      const itemsPerPage = Number(query.itemsPerPage ?? DEFAULT_ITEMS_PER_PAGE);
      // Ajv's coercion reads '1e309' as Infinity, an "integer" its bounds do not catch.
      for (const [field, value] of [['page', page], ['itemsPerPage', itemsPerPage]] as const) {
        if (!Number.isSafeInteger(value)) throw badRequest(field, `Le champ '${field}' doit être un nombre entier.`);
      }
      // Side by side: on PostgreSQL two connections of the pool answer at once.
      const [{ rows, total }, categories] = await Promise.all([
        audiencePage(db, scope, filterOf(query), { limit: itemsPerPage, offset: (page - 1) * itemsPerPage }),
        categoriesOf(db, scope),
      ]);
      return {
        '@context': '/api/contexts/Audience',
        '@id': '/api/audience',
        '@type': 'hydra:Collection' as const,
        'hydra:member': rows.map(item),
        'hydra:totalItems': total,
        ...collectionView('/api/audience', query, page, itemsPerPage, total),
        categories,
      };
    },
  );

  typed.get(
    '/api/audience/:channelId',
    { onRequest: authenticate, schema: { tags: TAGS, params: ChannelParams, response: { 200: AudienceDetail } } },
    async (request) => {
      const user = currentUser(request);
      const { channelId } = request.params;
      const channel = await findChannelTheme(db, channelId);
      if (!channel) throw notFound(`Créateur ${channelId}`);
      if (!isAdmin(user) && !(await hasCategory(db, user.id, channel.theme))) {
        throw forbidden(`Ce créateur est de la catégorie « ${channel.theme} », qui n'est pas l'une des vôtres.`);
      }
      const [figures, weeks] = await Promise.all([audienceOf(db, scopeOf(user), channelId), audienceWeeks(db, channel.id, config.timezone)]);
      if (!figures) throw notFound(`Créateur ${channelId}`);
      return { ...item(figures), weeks };
    },
  );

  // The console follows a one-minute link (no bearer on a link); API clients may bring their bearer.
  typed.get(
    '/api/audience.csv',
    { onRequest: downloads.authenticate, schema: { tags: TAGS, querystring: AudienceCsvQuery, response: { 200: AudienceCsvAnswer } } },
    async (request, reply) => {
      const claims = downloads.claimsOf(request);
      const { download: _token, separator: asked, ...rest } = request.query as Record<string, unknown> & { separator?: CsvSeparator };
      // A link carries its filters: one given beside it is refused rather than silently dropped.
      if (claims && (Object.keys(rest).length > 0 || (asked !== undefined && asked !== claims.separator))) throw downloadRefused();
      const filter: AudienceFilter = claims
        ? { category: claims.category ?? undefined, search: claims.search ?? undefined, order: claims.order }
        : filterOf(rest);
      const separator = claims?.separator ?? asked ?? DEFAULT_CSV_SEPARATOR;
      // The scope is the caller's now, not when the link was made.
      const scope = scopeOf(currentUser(request));
      const format = csvFormat(separator);
      let text = format.header(CSV_COLUMNS);
      for (let offset = 0; ; offset += MAX_ITEMS_PER_PAGE) {
        const { rows } = await audiencePage(db, scope, filter, { limit: MAX_ITEMS_PER_PAGE, offset });
        text += format.rows(rows.map(csvRow));
        if (rows.length < MAX_ITEMS_PER_PAGE) break;
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audience.csv"')
        .header('cache-control', 'no-store')
        .send(text);
    },
  );

  typed.post(
    '/api/audience.csv/download',
    { onRequest: authenticate, schema: { tags: TAGS, body: AudienceCsvLinkBody, response: { 201: DownloadLink } } },
    async (request, reply) => {
      const user = currentUser(request);
      const body = request.body as Record<string, unknown> & { separator?: CsvSeparator };
      const filter = filterOf(body);
      const claims: DownloadClaims = {
        user: user.id,
        category: filter.category ?? null,
        search: filter.search ?? null,
        order: filter.order,
        separator: body.separator ?? DEFAULT_CSV_SEPARATOR,
      };
      return reply.code(201).send(downloads.link('/api/audience.csv', claims));
    },
  );
};
