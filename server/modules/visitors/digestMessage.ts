import { escapeHtml as esc } from '../../shared/html';
import type { MessageContent, MessageContext, MessageKind, QueuedMessage } from '../mail';
import { cardImage } from '../videos';
import { DIGEST_KIND, DIGEST_MAX_VIDEOS } from './digest';
import { DIGEST_AUDIENCE } from './digestUnsubscribe';
import { passesFiltersSql } from './feedFilters';

interface Row {
  id: string;
  title: string;
  thumbnail: string | null;
  avatar: string | null;
  avatarAsThumbnail: boolean;
  channel: string;
}

/** The digests a statement composes: a claimed batch goes in chunks of this many. */
const COMPOSE_CHUNK = 25;

const COLUMNS = `vi.id, vi.title, vi.thumbnail, c.avatar, c.avatar_as_thumbnail AS "avatarAsThumbnail", c.name AS channel`;
const hidden = (visitor: string) =>
  `NOT EXISTS (SELECT 1 FROM visitor_video vv WHERE vv.visitor_id = ${visitor} AND vv.video_id = vi.id AND (vv.etat = 'masquée' OR vv.seen_at IS NOT NULL))`;

/**
 * The videos the tick chose for each digest (by id, in the payload, newest first), less those
 * hidden or watched since, of visitors who still want the digest at a confirmed address: one
 * statement for a chunk of digests. It reads each visitor once, each video once however many
 * digests hold it (followers of the same creators get the same new videos), and the pairs
 * hidden or watched among them; the digests are put together here. Answers each digest's list
 * name and videos (none: not sent).
 */
async function chosenVideos(ctx: MessageContext, messages: QueuedMessage[]): Promise<{ list: string; videos: Row[] }[]> {
  const chosen = messages.map((message) => ({ visitor: Number(message.payload.visitorId), videos: (message.payload.videos as unknown[]).map(String) }));
  const [found] = await ctx.db.query<{
    lists: { visitor: number; list: string }[] | null;
    videos: Row[] | null;
    gone: { visitor: number; video: string }[] | null;
  }>(
    `SELECT
       (SELECT json_agg(json_build_object('visitor', v.id, 'list', l.name))
        FROM visitor v CROSS JOIN LATERAL (SELECT min(l.name) AS name FROM creator_list l WHERE l.visitor_id = v.id) l
        WHERE v.id = ANY($1::int[]) AND v.digest <> 'aucun' AND v.email_confirmed_at IS NOT NULL AND l.name IS NOT NULL) AS lists,
       (SELECT json_agg(json_build_object('id', vi.id, 'title', vi.title, 'thumbnail', vi.thumbnail, 'avatar', c.avatar,
                                          'avatarAsThumbnail', c.avatar_as_thumbnail, 'channel', c.name))
        FROM video vi JOIN channel c ON c.id = vi.channel_id WHERE vi.id = ANY($2::text[])) AS videos,
       (SELECT json_agg(json_build_object('visitor', vv.visitor_id, 'video', vv.video_id))
        FROM visitor_video vv
        WHERE vv.visitor_id = ANY($1::int[]) AND vv.video_id = ANY($2::text[]) AND (vv.etat = 'masquée' OR vv.seen_at IS NOT NULL)) AS gone`,
    [[...new Set(chosen.map((digest) => digest.visitor))], [...new Set(chosen.flatMap((digest) => digest.videos))]],
  );
  const lists = new Map((found.lists ?? []).map((row) => [row.visitor, row.list]));
  const videos = new Map((found.videos ?? []).map((row) => [row.id, row]));
  const gone = new Set((found.gone ?? []).map((row) => `${row.visitor} ${row.video}`));
  return chosen.map(({ visitor, videos: ids }) => {
    const list = lists.get(visitor);
    if (list === undefined) return { list: '', videos: [] };
    const rows = ids.filter((id) => !gone.has(`${visitor} ${id}`)).map((id) => videos.get(id));
    return { list, videos: rows.filter((row): row is Row => row !== undefined) };
  });
}

/** A digest queued before the payload held its videos: from the visitor's channels. */
async function videosSince(ctx: MessageContext, message: QueuedMessage): Promise<{ list: string; videos: Row[] }> {
  const visitorId = Number(message.payload.visitorId);
  const [visitor] = await ctx.db.query<{ digest: string; confirmed: boolean; list: string | null }>(
    `SELECT v.digest, v.email_confirmed_at IS NOT NULL AS confirmed, l.name AS list
     FROM visitor v LEFT JOIN creator_list l ON l.visitor_id = v.id WHERE v.id = $1`,
    [visitorId],
  );
  if (!visitor || visitor.digest === 'aucun' || !visitor.confirmed || !visitor.list) return { list: '', videos: [] };
  const videos = await ctx.db.query<Row>(
    `WITH mine AS MATERIALIZED (
       SELECT lc.channel_id FROM creator_list l JOIN creator_list_channel lc ON lc.list_id = l.id WHERE l.visitor_id = $1
     )
     SELECT ${COLUMNS}
     FROM mine JOIN channel c ON c.id = mine.channel_id
     CROSS JOIN LATERAL (
       SELECT v.id, v.title, v.thumbnail, v.published, v.short, v.views FROM video v
       WHERE v.channel_id = c.id AND v.created > $2::timestamptz AND v.created <= $3::timestamptz
     ) vi
     WHERE ${hidden('$1')} AND ${passesFiltersSql('$1', 'vi')} ORDER BY vi.published DESC, vi.id LIMIT ${DIGEST_MAX_VIDEOS}`,
    [visitorId, message.payload.since, message.payload.until],
  );
  return { list: visitor.list, videos };
}

/** What a digest says: its videos with thumbnails, titles and links, and the one-click unsubscribe. */
function digestContent(ctx: MessageContext, visitorId: number, list: string, videos: Row[]): MessageContent | null {
  if (videos.length === 0) return null;
  const listUrl = `${ctx.publicUrl}/liste/${encodeURIComponent(list)}`;
  const unsubscribe = ctx.unsubscribeUrl(DIGEST_AUDIENCE, visitorId);
  const items = videos.map((video) => {
    const link = `${listUrl}?v=${encodeURIComponent(video.id)}`;
    const image = cardImage({ videoId: video.id, thumbnail: video.thumbnail, avatar: video.avatar, avatarAsThumbnail: video.avatarAsThumbnail });
    return {
      text: `- ${video.title} (${video.channel}) : ${link}`,
      html:
        `<tr><td style="padding:8px 0;vertical-align:top;width:168px">` +
        (image ? `<a href="${esc(link)}"><img src="${esc(image)}" width="160" alt="" style="display:block;border:0;border-radius:4px"></a>` : '') +
        `</td><td style="padding:8px;vertical-align:top"><a href="${esc(link)}" style="color:#1565c0;font-weight:bold;text-decoration:none">${esc(video.title)}</a>` +
        `<br><span style="color:#555">${esc(video.channel)}</span></td></tr>`,
    };
  });
  const heading = videos.length > 1 ? `${videos.length} nouvelles vidéos de vos créateurs` : '1 nouvelle vidéo de vos créateurs';
  return {
    subject: `${ctx.productName} : ${heading}`,
    html:
      `<!DOCTYPE html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#222">` +
      `<h1 style="font-size:20px">${esc(heading)}</h1><table role="presentation" style="border-collapse:collapse">${items.map((i) => i.html).join('')}</table>` +
      `<p><a href="${esc(listUrl)}">Voir toute ma liste</a></p>` +
      `<p style="color:#777;font-size:12px">Vous recevez ce résumé parce que vous l'avez demandé sur ${esc(ctx.productName)}. ` +
      `<a href="${esc(unsubscribe)}">Ne plus recevoir le résumé</a></p></body></html>`,
    text: `${heading}\n\n${items.map((i) => i.text).join('\n')}\n\nVoir toute ma liste : ${listUrl}\nNe plus recevoir le résumé : ${unsubscribe}\n`,
    amp: digestAmp(ctx, visitorId, heading, listUrl, unsubscribe, videos),
    unsubscribe: { url: unsubscribe, oneClickUrl: unsubscribe },
  };
}

/**
 * The digest's AMP part (issue 40): the same videos in one fluid column, each with the form
 * rating it on the three criteria from the inbox (none when PUBLIC_URL is http: AMP forms need
 * https). It keeps the AMP4EMAIL rules (digest.test.ts).
 */
function digestAmp(ctx: MessageContext, visitorId: number, heading: string, listUrl: string, unsubscribe: string, videos: Row[]): string {
  const cards = videos.map((video) => {
    const link = `${listUrl}?v=${encodeURIComponent(video.id)}`;
    const image = cardImage({ videoId: video.id, thumbnail: video.thumbnail, avatar: video.avatar, avatarAsThumbnail: video.avatarAsThumbnail });
    return (
      `<div style="margin:0 0 16px;border:1px solid #dddddd;border-radius:8px;overflow:hidden">` +
      (image?.startsWith('https://')
        ? `<a href="${esc(link)}"><amp-img src="${esc(image)}" alt="${esc(video.title)}" width="320" height="180" layout="responsive"></amp-img></a>`
        : '') +
      `<div style="padding:12px 16px;font-size:16px"><p style="margin:0 0 4px"><a href="${esc(link)}" style="color:#1565c0;font-weight:bold">${esc(video.title)}</a></p>` +
      `<p style="margin:0;font-size:14px;color:#555555">${esc(video.channel)}</p>` +
      (ctx.visitorRatingForm?.(visitorId, video.id) ?? '') +
      `</div></div>`
    );
  });
  return (
    '<!doctype html><html ⚡4email data-css-strict lang="fr"><head><meta charset="utf-8">' +
    '<script async src="https://cdn.ampproject.org/v0.js"></script>' +
    '<style amp4email-boilerplate>body{visibility:hidden}</style></head>' +
    `<body><div style="max-width:600px;margin:0 auto;font-family:Arial,sans-serif;color:#222222">` +
    `<h1 style="font-size:20px">${esc(heading)}</h1>${cards.join('')}` +
    `<p><a href="${esc(listUrl)}">Voir toute ma liste</a></p>` +
    `<p style="color:#777777;font-size:12px">Vous recevez ce résumé parce que vous l'avez demandé sur ${esc(ctx.productName)}. ` +
    `<a href="${esc(unsubscribe)}">Ne plus recevoir le résumé</a></p></div></body></html>`
  );
}

/** The digests of `messages`, in their order: one statement for those whose payload holds their videos. */
async function composeDigests(ctx: MessageContext, messages: QueuedMessage[]): Promise<(MessageContent | null)[]> {
  const chosen = messages.filter((message) => Array.isArray(message.payload.videos));
  const found = chosen.length > 0 ? await chosenVideos(ctx, chosen) : [];
  const contents: (MessageContent | null)[] = [];
  for (const message of messages) {
    const { list, videos } = Array.isArray(message.payload.videos) ? found[chosen.indexOf(message)] : await videosSince(ctx, message);
    contents.push(digestContent(ctx, Number(message.payload.visitorId), list, videos));
  }
  return contents;
}

/**
 * A visitor's digest (issue 24): the videos the feeds brought since the last one, newest first,
 * each with its thumbnail, title and link to the product's own page of the video, and a
 * one-click unsubscribe that sets `digest` to `aucun`. Nothing is sent to a visitor who no
 * longer wants it, whose address is not confirmed, or who has nothing new left to see. The
 * digests of a claimed batch are composed together: a statement reads the videos of
 * `COMPOSE_CHUNK` of them, rather than two statements each.
 */
export const visitorDigestMessage: MessageKind = {
  kind: DIGEST_KIND,
  compose: async (ctx, message) => (await composeDigests(ctx, [message]))[0],
  composeMany: composeDigests,
  composeManyAtMost: COMPOSE_CHUNK,
};
