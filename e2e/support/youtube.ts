import { DEMO_CHANNELS } from '../../server/modules/videos/demoCatalog';
import { demoFeedXml } from '../../server/modules/videos/demoSeed';
import { parseChannelFeed } from '../../server/modules/feeds/parseFeed';
import { renderFeed, startYoutubeStandIn, type YoutubeStandIn } from '../../server/testing/youtubeStandIn';

/** A channel YouTube knows and the demo does not: visitors follow it by its handle. */
export const EXTRA_CHANNEL = { handle: 'CuisineFacile', channelId: 'UCcuisinefacile000000001', name: 'Cuisine Facile' };

/** The channels of the demo's recipients that YouTube knows; the third recipient's (JadeCinema) it does not. */
export const RECIPIENT_CHANNELS = [
  {
    handle: 'EmmaFinance',
    channelId: 'UCemmafinance00000000001',
    name: 'Emma Finance',
    videos: [
      { videoId: 'emmavideo01', title: 'Épargne : les bases', published: '2026-11-18T08:00:00.000Z', thumbnail: null, views: 15320 },
      { videoId: 'emmavideo02', title: 'Budget 2027 expliqué', published: '2026-11-10T08:00:00.000Z', thumbnail: null, views: 4210 },
    ],
  },
  {
    handle: 'NoahCode',
    channelId: 'UCnoahcode00000000000001',
    name: 'Noah Code',
    videos: [{ videoId: 'noahvideo01', title: 'Rust en 10 minutes', published: '2026-11-15T08:00:00.000Z', thumbnail: null, views: 980 }],
  },
];

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
  for (const channel of RECIPIENT_CHANNELS) {
    youtube.handles.set(channel.handle.toLowerCase(), channel.channelId);
    youtube.feeds.set(channel.channelId, { xml: renderFeed(channel) });
  }
  return youtube;
}
