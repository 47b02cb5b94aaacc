import { rebase } from './useWorkingCopy';
import type { DeliveryDraft } from '../draft';

const base = {
  id: 1,
  version: 2,
  label: 'Lettre',
  frequence: '',
  lastModified: '2030-01-01T00:00:00.000Z',
  properties: { tracking: false, data: [{ key: 'promo', value: '10 %' }] },
  html: '<p>a</p>',
} as unknown as DeliveryDraft;

describe('rebase (the working copy on a newly saved record)', () => {
  it('keeps the edits the new record leaves untouched, and takes what it changed', () => {
    const draft = { ...base, label: 'Lettre de mai', frequence: 'quotidienne', properties: { ...base.properties, listId: 7, tracking: true } };
    // Planning wrote the frequency and list only.
    const next = { ...base, frequence: 'quotidienne', lastModified: '2030-01-02T00:00:00.000Z', properties: { ...base.properties, listId: 7 } };
    const rebased = rebase(draft, base, next);
    expect(rebased).toEqual({ ...next, label: 'Lettre de mai', properties: { ...next.properties, tracking: true } });
    // In the new record's key order: the dirty check compares JSON.
    expect(Object.keys(rebased)).toEqual(Object.keys(next));
  });

  it('is the new record itself after our own save', () => {
    const draft = { ...base, label: 'Lettre de mai', html: '<p>b</p>' };
    const next = { ...draft, version: 3, lastModified: '2030-01-02T00:00:00.000Z' };
    expect(JSON.stringify(rebase(draft, base, next))).toBe(JSON.stringify(next));
  });

  it('lets a change made elsewhere win over the same field typed here', () => {
    const draft = { ...base, label: 'Mine' };
    const next = { ...base, label: 'Theirs', version: 3 };
    expect(rebase(draft, base, next).label).toBe('Theirs');
  });
});
