import fs from 'node:fs';
import path from 'node:path';
import type { Queryable } from '../../db/db';
import { parseChannelFeed } from '../feeds';
import { addChannelToList, upsertChannel, upsertVideos } from './repository';
import { DEMO_CHANNELS, DEMO_LISTS, demoAvatar } from './demoCatalog';

export const DEMO_FEEDS_DIR = path.join(__dirname, '..', 'feeds', 'demo');

export const demoFeedXml = (handle: string) => fs.readFileSync(path.join(DEMO_FEEDS_DIR, `${handle}.xml`), 'utf8');

/** Inserts the demo channels with the videos of their sample feeds, and the three creators' lists. */
export async function seedDemoVideos(tx: Queryable): Promise<void> {
  const channelIds = new Map<string, number>();
  for (const demo of DEMO_CHANNELS) {
    const feed = parseChannelFeed(demoFeedXml(demo.handle));
    const channel = await upsertChannel(tx, {
      youtubeId: feed.channelId,
      name: feed.name,
      handle: demo.handle,
      theme: demo.theme,
      avatar: demoAvatar(demo.handle),
      avatarAsThumbnail: demo.avatarAsThumbnail,
    });
    await upsertVideos(tx, channel.id, feed.videos);
    channelIds.set(demo.handle, channel.id);
  }
  for (const [index, list] of DEMO_LISTS.entries()) {
    const [{ id }] = await tx.query<{ id: number }>(
      `INSERT INTO creator_list (name, hashtags, featured_rank) VALUES ($1, $2, $3)
       ON CONFLICT ((lower(name))) DO UPDATE SET hashtags = EXCLUDED.hashtags RETURNING id`,
      [list.name, JSON.stringify(list.hashtags), index + 1],
    );
    for (const handle of list.channels) await addChannelToList(tx, id, channelIds.get(handle) as number);
  }
}
