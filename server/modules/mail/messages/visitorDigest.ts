import { cardImage } from '../../videos/thumbnails';
import { DIGEST_KIND, DIGEST_MAX_VIDEOS, unsubscribeToken } from '../../visitors/digest';
import { secretOf } from '../../visitors/privateFeed';
import type { MessageKind } from './types';
import { escapeHtml as esc } from '../../../shared/html';

interface Row {
  id: string;
  title: string;
  thumbnail: string | null;
  avatar: string | null;
  avatarAsThumbnail: boolean;
  channel: string;
}

/**
 * A visitor's digest (issue 24): the videos the feeds brought since the last one, newest first,
 * each with its thumbnail, title and link to the product's own page of the video, and a
 * one-click unsubscribe that sets `digest` to `aucun`. Nothing is sent to a visitor who no
 * longer wants it, whose address is not confirmed, or who has nothing new left to see.
 */
export const visitorDigestMessage: MessageKind = {
  kind: DIGEST_KIND,
  async compose(ctx, message) {
    const visitorId = Number(message.payload.visitorId);
    const [visitor] = await ctx.db.query<{ email: string; digest: string; confirmed: boolean; list: string | null }>(
      `SELECT v.email, v.digest, v.email_confirmed_at IS NOT NULL AS confirmed, l.name AS list
       FROM visitor v LEFT JOIN creator_list l ON l.visitor_id = v.id WHERE v.id = $1`,
      [visitorId],
    );
    if (!visitor || visitor.digest === 'aucun' || !visitor.confirmed || !visitor.list) return null;
    const hidden = `NOT EXISTS (SELECT 1 FROM visitor_video vv WHERE vv.visitor_id = $1 AND vv.video_id = vi.id AND (vv.etat = 'masquée' OR vv.seen_at IS NOT NULL))`;
    const columns = `vi.id, vi.title, vi.thumbnail, c.avatar, c.avatar_as_thumbnail AS "avatarAsThumbnail", c.name AS channel`;
    const videos = Array.isArray(message.payload.videos)
      ? // The videos the tick chose (by id), less those hidden or watched since.
        await ctx.db.query<Row>(
          `SELECT ${columns} FROM video vi JOIN channel c ON c.id = vi.channel_id
           WHERE vi.id = ANY($2::text[]) AND ${hidden} ORDER BY vi.published DESC, vi.id`,
          [visitorId, message.payload.videos],
        )
      : // A digest queued before the payload held its videos: from the visitor's channels.
        await ctx.db.query<Row>(
          `WITH mine AS MATERIALIZED (
             SELECT lc.channel_id FROM creator_list l JOIN creator_list_channel lc ON lc.list_id = l.id WHERE l.visitor_id = $1
           )
           SELECT ${columns}
           FROM mine JOIN channel c ON c.id = mine.channel_id
           CROSS JOIN LATERAL (
             SELECT v.id, v.title, v.thumbnail, v.published FROM video v
             WHERE v.channel_id = c.id AND v.created > $2::timestamptz AND v.created <= $3::timestamptz
           ) vi
           WHERE ${hidden} ORDER BY vi.published DESC, vi.id LIMIT ${DIGEST_MAX_VIDEOS}`,
          [visitorId, message.payload.since, message.payload.until],
        );
    if (videos.length === 0) return null;
    const listUrl = `${ctx.publicUrl}/liste/${encodeURIComponent(visitor.list)}`;
    const unsubscribe = `${ctx.publicUrl}/api/visitor/digest/unsubscribe/${unsubscribeToken(await secretOf(ctx.db), visitorId)}`;
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
      unsubscribe: { url: unsubscribe, oneClickUrl: unsubscribe },
    };
  },
};
