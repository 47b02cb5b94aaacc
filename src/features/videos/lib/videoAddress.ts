/**
 * A video opened on a public page has an address: the page's own, with `?v={id}` and, for a
 * moment, `&t={seconds}` (docs/decisions.md, «Visitors' journey: space, subscriptions, video addresses (issue 16)»).
 */
export const VIDEO_PARAM = 'v';
export const TIME_PARAM = 't';

const VIDEO_ID = /^[\w-]{1,64}$/;

/** The video id an address names, when it is one YouTube could have given. */
export function videoIdOf(params: URLSearchParams): string | null {
  const id = params.get(VIDEO_PARAM);
  return id && VIDEO_ID.test(id) ? id : null;
}

/** The second `t` names (`90`, `90s`, `1m30s`, as YouTube writes it); null without one. */
export function startSecondOf(params: URLSearchParams): number | null {
  const raw = params.get(TIME_PARAM);
  if (!raw) return null;
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(raw.trim());
  if (!match || raw.trim() === '') return null;
  const [, h = '0', m = '0', s = '0'] = match;
  const seconds = Number(h) * 3600 + Number(m) * 60 + Number(s);
  return Number.isSafeInteger(seconds) ? seconds : null;
}

/** The product's address of a video on a page (`origin` + `pathname`), at a second when given. */
export function productVideoLink(origin: string, pathname: string, videoId: string, seconds?: number): string {
  const params = new URLSearchParams({ [VIDEO_PARAM]: videoId });
  if (seconds !== undefined) params.set(TIME_PARAM, String(Math.max(0, Math.floor(seconds))));
  return `${origin}${pathname}?${params.toString()}`;
}
