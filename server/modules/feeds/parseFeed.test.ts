import { parseChannelFeed } from './parseFeed';
import { parseChannelRef } from './channelRef';
import { FeedError } from './types';
import { demoFeedXml } from '../videos/demoSeed';

const CHANNEL = 'UC5C7mLf_e_-GamCm06recAq';

describe('parseChannelFeed', () => {
  it('reads a sample YouTube feed: channel, and each entry with id, title, date, thumbnail and views', () => {
    const feed = parseChannelFeed(demoFeedXml('LeFilActu'), CHANNEL);
    expect(feed.channelId).toBe(CHANNEL);
    expect(feed.name).toBe('Le Fil Actu');
    expect(feed.videos).toHaveLength(15);
    expect(feed.videos[0]).toEqual({
      videoId: 'TKMHlbFxQDY',
      title: 'Le résumé de la semaine en 10 minutes',
      published: '2026-11-20T08:00:00.000Z',
      thumbnail: 'https://i3.ytimg.com/vi/TKMHlbFxQDY/hqdefault.jpg',
      views: 12687,
      short: false,
    });
    // Entities in titles and in thumbnail query strings are decoded.
    expect(feed.videos.map((v) => v.title)).toContain('Ce que contient vraiment la nouvelle loi sur le logement, article par article, avec les avis des experts');
    expect(feed.videos.find((v) => v.thumbnail?.includes('_custom_'))?.thumbnail).toMatch(/\?sqp=[^&]+&rs=/);
  });

  it('skips entries without an id, a title or a valid date, and reads missing views as 0', () => {
    const xml = `<?xml version="1.0"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
 <yt:channelId>${CHANNEL}</yt:channelId><title>Chaîne</title>
 <entry><yt:videoId>abcdefghijk</yt:videoId><title>1234</title><published>2026-01-02T03:04:05+00:00</published></entry>
 <entry><title>No id</title><published>2026-01-02T03:04:05+00:00</published></entry>
 <entry><yt:videoId>bcdefghijkl</yt:videoId><title>Bad date</title><published>yesterday</published></entry>
 <entry><yt:videoId>cdefghijklm</yt:videoId><published>2026-01-02T03:04:05+00:00</published></entry>
</feed>`;
    const feed = parseChannelFeed(xml);
    expect(feed.name).toBe('Chaîne');
    expect(feed.videos).toEqual([
      { videoId: 'abcdefghijk', title: '1234', published: '2026-01-02T03:04:05.000Z', thumbnail: null, views: 0, short: false },
    ]);
  });

  it("marks an entry whose link is a /shorts/ address as a short (issue 42), and only that one", () => {
    const entry = (id: string, href: string) =>
      `<entry><yt:videoId>${id}</yt:videoId><title>${id}</title><published>2026-01-02T03:04:05+00:00</published><link rel="alternate" href="${href}"/></entry>`;
    const xml = `<?xml version="1.0"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns="http://www.w3.org/2005/Atom"><yt:channelId>${CHANNEL}</yt:channelId><title>Chaîne</title>
 ${entry('shortsvideo', 'https://www.youtube.com/shorts/shortsvideo')}
 ${entry('watchvideo1', 'https://www.youtube.com/watch?v=watchvideo1')}
 ${entry('titleshorts', 'https://www.youtube.com/watch?v=titleshorts&list=/shorts/')}
</feed>`;
    expect(parseChannelFeed(xml).videos.map((v) => [v.videoId, v.short])).toEqual([
      ['shortsvideo', true],
      ['watchvideo1', false],
      ['titleshorts', false],
    ]);
  });

  it.each([
    ['an HTML error page', '<html><body>Oops</body></html>'],
    ['broken XML', '<feed><entry>'],
    ['an empty body', ''],
    ['JSON', '{"error": 500}'],
  ])('calls %s garbage', (_what, body) => {
    expect(() => parseChannelFeed(body)).toThrow(FeedError);
    try {
      parseChannelFeed(body);
    } catch (error) {
      expect((error as FeedError).kind).toBe('garbage');
    }
  });

  it("refuses another channel's feed", () => {
    expect(() => parseChannelFeed(demoFeedXml('LeFilActu'), 'UCWjsKrJAXUusVVuyssOf0J8')).toThrow(/instead of/);
  });
});

describe('parseChannelRef', () => {
  it.each([
    [CHANNEL, { kind: 'id', id: CHANNEL }],
    [`https://www.youtube.com/channel/${CHANNEL}`, { kind: 'id', id: CHANNEL }],
    [`youtube.com/channel/${CHANNEL}/videos`, { kind: 'id', id: CHANNEL }],
    ['https://m.youtube.com/@LeFilActu', { kind: 'handle', handle: 'LeFilActu' }],
    ['@Le.Fil-Actu_2', { kind: 'handle', handle: 'Le.Fil-Actu_2' }],
    ['LeFilActu', { kind: 'handle', handle: 'LeFilActu' }],
  ])('reads %s', (input, expected) => {
    expect(parseChannelRef(input)).toEqual(expected);
  });

  it.each([
    'https://example.org/@someone',
    'https://www.youtube.com/watch?v=abc',
    '@a',
    'two words',
    'https://www.youtube.com/channel/UCshort',
    // Not valid percent-encoding: refused, not thrown (it was a 500 on every route taking an address).
    'https://www.youtube.com/%ff',
    'https://www.youtube.com/%',
    `youtube.com/channel/${CHANNEL}%E0%A4%A`,
  ])(
    'refuses %s',
    (input) => {
      expect(parseChannelRef(input)).toBeNull();
    },
  );
});
