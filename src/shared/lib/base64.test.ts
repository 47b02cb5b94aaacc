import { decodeBase64, encodeBase64 } from './base64';

describe('base64', () => {
  it('round-trips French text and markup', () => {
    const text = '<p>Bonjour Élodie, voilà ton résumé — 100 % « gratuit » 🎉</p>';
    expect(decodeBase64(encodeBase64(text))).toBe(text);
    expect(encodeBase64('é')).toBe(Buffer.from('é').toString('base64'));
  });

  it('handles large inputs', () => {
    const big = 'x'.repeat(200_000) + 'é';
    expect(decodeBase64(encodeBase64(big))).toBe(big);
  });

  it('rejects what is not base64', () => {
    expect(() => decodeBase64('%%%')).toThrow();
  });
});
