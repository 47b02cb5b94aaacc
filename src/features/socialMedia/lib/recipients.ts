import type { Recipient, YoutubeRefreshSummary } from '../types';

/** Whether the server has a channel to read for the recipient (its YouTube name, or a YouTube address). */
export const namesYoutubeChannel = (r: Recipient) =>
  r.youtubename.trim() !== '' || [r.url, r.add_url].some((value) => /youtube\.com\//i.test(value));

export const fullName = (r: Recipient) => [r.firstname, r.lastname].filter(Boolean).join(' ');

export const displayName = (r: Recipient) => fullName(r) || r.email;

/** Splits ids into batches of `size`, in order. */
export function batches<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export const EMPTY_SUMMARY: YoutubeRefreshSummary = { checked: 0, changed: 0, failed: 0, failures: [] };

export const addSummaries = (a: YoutubeRefreshSummary, b: YoutubeRefreshSummary): YoutubeRefreshSummary => ({
  checked: a.checked + b.checked,
  changed: a.changed + b.changed,
  failed: a.failed + b.failed,
  failures: [...a.failures, ...b.failures],
});

const countFormat = new Intl.NumberFormat('fr-FR');
export const formatCount = (n: number) => countFormat.format(n);
