import { addSequenceItem, removeSequenceItem, updateSequenceItem, type SequenceItem } from './sequence';

const draft = (key: string) => ({ key, value: `${key}-value`, type: 'text', profil: 'influenceur' });

describe('sequence lists', () => {
  const three = [draft('a'), draft('b'), draft('c')].reduce<SequenceItem[]>(addSequenceItem, []);

  it('appends with position count + 1', () => {
    expect(three.map((i) => [i.sequence, i.key])).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ]);
  });

  it('removes and renumbers the rest 1..n', () => {
    const removed = removeSequenceItem(three, 2);
    expect(removed.map((i) => [i.sequence, i.key])).toEqual([
      [1, 'a'],
      [2, 'c'],
    ]);
    expect(addSequenceItem(removed, draft('d')).at(-1)?.sequence).toBe(3);
  });

  it('replaces only the item with the matching sequence number', () => {
    const updated = updateSequenceItem(three, { ...three[1], value: 'changed' });
    expect(updated.map((i) => i.value)).toEqual(['a-value', 'changed', 'c-value']);
    expect(updated[0]).toBe(three[0]);
  });

  it('never mutates its input', () => {
    const frozen = Object.freeze(three.map((i) => Object.freeze({ ...i })));
    expect(() => removeSequenceItem(frozen, 1)).not.toThrow();
    expect(() => updateSequenceItem(frozen, { ...frozen[0], key: 'z' })).not.toThrow();
    expect(frozen[0].key).toBe('a');
  });
});
