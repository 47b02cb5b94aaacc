import { shortVideoLink, telegramShareUrl, watchLinkAt, xShareUrl } from './share';

describe('share links', () => {
  it('links the video at the note’s second, in both of YouTube’s forms', () => {
    expect(shortVideoLink('_6J55Ozorvh', 37)).toBe('https://youtu.be/_6J55Ozorvh?t=37');
    expect(shortVideoLink('_6J55Ozorvh', 0)).toBe('https://youtu.be/_6J55Ozorvh?t=0');
    expect(shortVideoLink('_6J55Ozorvh')).toBe('https://youtu.be/_6J55Ozorvh');
    expect(watchLinkAt('_6J55Ozorvh', 3725)).toBe('https://www.youtube.com/watch?v=_6J55Ozorvh&t=3725s');
  });

  it('opens X’s composer with the text and the link, URL-encoded', () => {
    const url = xShareUrl({ text: 'Très juste : 50 % & +', url: 'https://youtu.be/_6J55Ozorvh?t=37' });
    expect(url).toBe(
      'https://x.com/intent/tweet?text=Tr%C3%A8s%20juste%20%3A%2050%20%25%20%26%20%2B&url=https%3A%2F%2Fyoutu.be%2F_6J55Ozorvh%3Ft%3D37',
    );
    const params = new URL(url).searchParams;
    expect(params.get('text')).toBe('Très juste : 50 % & +');
    expect(params.get('url')).toBe('https://youtu.be/_6J55Ozorvh?t=37');
  });

  it('opens Telegram’s share page with the link and the text, URL-encoded, lines kept', () => {
    const url = telegramShareUrl({ text: 'Ligne 1\nLigne #2', url: 'https://youtu.be/abcdefghijk?t=5' });
    expect(url.startsWith('https://t.me/share/url?url=https%3A%2F%2Fyoutu.be%2Fabcdefghijk%3Ft%3D5&text=')).toBe(true);
    expect(url).toContain('Ligne%201%0ALigne%20%232');
    expect(new URL(url).searchParams.get('text')).toBe('Ligne 1\nLigne #2');
  });
});
