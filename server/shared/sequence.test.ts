import { cleanSequence } from './sequence';

const item = (sequence: number, key: string, value = `${key}!`) => ({ sequence, key, value, type: 'text', profil: 'influenceur' });

describe('cleanSequence', () => {
  it('renumbers 1..n in sequence order and drops the items with neither key nor value', () => {
    const { items, dropped } = cleanSequence([item(4, 'c'), item(1, 'a'), item(2, ' ', ''), item(3, '', '  '), item(2, 'b')]);
    expect(items.map((i) => [i.sequence, i.key])).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ]);
    expect(dropped).toBe(2);
  });

  it('keeps an item with only a key or only a value, and its other fields', () => {
    const { items } = cleanSequence([item(1, 'k', ''), item(2, '', 'v')]);
    expect(items).toEqual([item(1, 'k', ''), item(2, '', 'v')]);
  });

  it('treats what is not a list as empty', () => {
    expect(cleanSequence(null)).toEqual({ items: [], dropped: 0 });
    expect(cleanSequence([null, 3])).toEqual({ items: [], dropped: 2 });
  });
});
