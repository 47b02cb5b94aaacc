import { cardImage, normalizeThumbnail } from './thumbnails';

describe('thumbnail rules (spec §9)', () => {
  it.each([
    'https://i1.ytimg.com/vi/abcdefghijk/hqdefault_custom_1.jpg?sqp=-oaymwEm&rs=AOn4CLA',
    'https://i.ytimg.com/vi/abcdefghijk/hqdefault_custom_3.jpg',
    'https://i9.ytimg.com/vi/abcdefghijk/maxresdefault_custom_2.jpg',
    'https://i4.ytimg.com/vi/abcdefghijk/mqdefault_custom_1.jpg?v=2',
    'https://i.ytimg.com/vi_webp/abcdefghijk/hq720_custom_1.webp',
  ])('rewrites the custom thumbnail %s to the plain 320x180 one', (url) => {
    expect(normalizeThumbnail(url, 'abcdefghijk')).toBe('https://i.ytimg.com/vi/abcdefghijk/mqdefault.jpg');
  });

  it.each([
    'https://i4.ytimg.com/vi/abcdefghijk/hqdefault.jpg',
    'https://i.ytimg.com/vi/abcdefghijk/mqdefault.jpg',
    // Not a YouTube image host: left alone.
    'https://cdn.example.org/hqdefault_custom_1.jpg',
  ])('keeps %s', (url) => {
    expect(normalizeThumbnail(url, 'abcdefghijk')).toBe(url);
  });

  it('answers null without a usable URL', () => {
    expect(normalizeThumbnail(null, 'abcdefghijk')).toBeNull();
    expect(normalizeThumbnail('not a url', 'abcdefghijk')).toBeNull();
  });

  it("shows a channel's fixed avatar instead of the thumbnail when the channel is marked so", () => {
    const source = {
      videoId: 'abcdefghijk',
      thumbnail: 'https://i1.ytimg.com/vi/abcdefghijk/hqdefault_custom_1.jpg',
      avatar: '/demo/avatars/X.svg',
    };
    expect(cardImage({ ...source, avatarAsThumbnail: true })).toBe('/demo/avatars/X.svg');
    expect(cardImage({ ...source, avatarAsThumbnail: false })).toBe('https://i.ytimg.com/vi/abcdefghijk/mqdefault.jpg');
    expect(cardImage({ ...source, avatar: null, avatarAsThumbnail: true })).toBe(
      'https://i.ytimg.com/vi/abcdefghijk/mqdefault.jpg',
    );
  });
});
