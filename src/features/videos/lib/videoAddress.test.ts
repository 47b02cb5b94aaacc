import { productVideoLink, startSecondOf, videoIdOf } from './videoAddress';

describe('a video’s address', () => {
  it.each([
    ['t=90', 90],
    ['t=90s', 90],
    ['t=1m30s', 90],
    ['t=1h2m3s', 3723],
    ['t=', null],
    ['t=abc', null],
    ['t=-5', null],
    ['', null],
  ])('reads %s as second %s', (search, second) => expect(startSecondOf(new URLSearchParams(search))).toBe(second));

  it('reads the video id, and refuses what no video id looks like', () => {
    expect(videoIdOf(new URLSearchParams('v=dQw4w9WgXcQ'))).toBe('dQw4w9WgXcQ');
    expect(videoIdOf(new URLSearchParams('v=a/b'))).toBeNull();
    expect(videoIdOf(new URLSearchParams(''))).toBeNull();
  });

  it('writes the product’s link at a moment', () => {
    expect(productVideoLink('https://news.example.org', '/liste/Ma%20Liste', 'dQw4w9WgXcQ', 42.7)).toBe(
      'https://news.example.org/liste/Ma%20Liste?v=dQw4w9WgXcQ&t=42',
    );
    expect(productVideoLink('https://news.example.org', '/', 'dQw4w9WgXcQ')).toBe('https://news.example.org/?v=dQw4w9WgXcQ');
  });
});
