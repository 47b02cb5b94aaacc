import type { Queryable } from '../../db/db';
import { normalizeThumbnail } from '../videos';
import { storedYoutubeOfUser } from './repository';

/**
 * The newest video stored for each of the user's recipients, in the shape of the public
 * side's videos (spec §3, Video), with the recipient it belongs to.
 */
export async function latestVideos(db: Queryable, userId: number) {
  const rows = await storedYoutubeOfUser(db, userId);
  return rows.flatMap(({ recipientId, email, firstname, lastname, youtube, checkedAt }) => {
    const [video] = [...youtube.videos].sort((a, b) => b.published.localeCompare(a.published));
    if (!video) return [];
    return [
      {
        recipientId,
        email,
        firstname,
        lastname,
        checkedAt,
        id: video.id,
        youtube_titre: video.title,
        youtube_name: youtube.name,
        youtube_lien: youtube.url,
        img_lien: normalizeThumbnail(video.thumbnail, video.id),
        created: video.published,
        youtube_nb_vue: video.views,
        url: video.url,
        channelId: youtube.channelId,
      },
    ];
  });
}
