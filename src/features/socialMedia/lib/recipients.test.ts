import { addSummaries, batches, displayName, EMPTY_SUMMARY, namesYoutubeChannel } from './recipients';
import type { Recipient } from '../types';

const recipient = (values: Partial<Recipient>): Recipient => ({
  id: 1,
  email: 'emma@example.org',
  firstname: '',
  lastname: '',
  youtubename: '',
  twittername: '',
  url: '',
  add_url: '',
  ...values,
});

describe('recipients helpers', () => {
  it('tells which recipients name a YouTube channel', () => {
    expect(namesYoutubeChannel(recipient({ youtubename: 'EmmaFinance' }))).toBe(true);
    expect(namesYoutubeChannel(recipient({ add_url: 'https://www.youtube.com/@EmmaFinance' }))).toBe(true);
    expect(namesYoutubeChannel(recipient({ url: 'https://example.org', twittername: 'emma' }))).toBe(false);
  });

  it('names a recipient by first and last name, else by e-mail', () => {
    expect(displayName(recipient({ firstname: 'Emma', lastname: 'Garcia' }))).toBe('Emma Garcia');
    expect(displayName(recipient({}))).toBe('emma@example.org');
  });

  it('splits ids into batches and sums the summaries', () => {
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(batches([], 2)).toEqual([]);
    const failure = { id: 3, email: 'c@example.org', statusCode: 404, message: 'Chaîne YouTube introuvable.' };
    const sum = addSummaries(addSummaries(EMPTY_SUMMARY, { checked: 2, changed: 1, failed: 0, failures: [] }), {
      checked: 1,
      changed: 0,
      failed: 1,
      failures: [failure],
    });
    expect(sum).toEqual({ checked: 3, changed: 1, failed: 1, failures: [failure] });
  });
});
