import { DEMO_CHANNELS } from '../../server/modules/videos/demoCatalog';
import { demoFeedXml } from '../../server/modules/videos/demoSeed';
import { parseChannelFeed } from '../../server/modules/feeds/parseFeed';
import { renderFeed, startYoutubeStandIn, type YoutubeStandIn } from '../../server/testing/youtubeStandIn';

/** A channel YouTube knows and the demo does not: visitors follow it by its handle. */
export const EXTRA_CHANNEL = { handle: 'CuisineFacile', channelId: 'UCcuisinefacile000000001', name: 'Cuisine Facile' };

/** The stand-in of YouTube the browser tests' server reads: the demo's feeds, and one more channel. */
export async function startDemoYoutube(): Promise<YoutubeStandIn> {
  const youtube = await startYoutubeStandIn();
  for (const { handle } of DEMO_CHANNELS) {
    const xml = demoFeedXml(handle);
    const { channelId } = parseChannelFeed(xml);
    youtube.feeds.set(channelId, { xml });
    youtube.handles.set(handle.toLowerCase(), channelId);
  }
  youtube.handles.set(EXTRA_CHANNEL.handle.toLowerCase(), EXTRA_CHANNEL.channelId);
  youtube.feeds.set(EXTRA_CHANNEL.channelId, {
    xml: renderFeed({
      channelId: EXTRA_CHANNEL.channelId,
      name: EXTRA_CHANNEL.name,
      videos: [
        {
          videoId: 'cuisine0001',
          title: 'Une tarte aux pommes en 20 minutes',
          published: '2026-11-21T09:00:00.000Z',
          thumbnail: 'https://i2.ytimg.com/vi/cuisine0001/hqdefault.jpg',
          views: 3210,
        },
      ],
    }),
  });
  return youtube;
}
