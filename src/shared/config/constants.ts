/** Business constants of spec §9 that the console uses. */

/** Table page sizes, the default one, and how many page links the pagination shows. */
export const PAGE_SIZES = [5, 10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_LINKS = 5;

/** The refresh trigger is polled this often, at most this many times. */
export const REFRESH_POLL_INTERVAL_MS = 30_000;
export const REFRESH_MAX_POLLS = 3;

/** Add-contact fields: required, from 4 to 50 characters. */
export const CONTACT_FIELD_MIN = 4;
export const CONTACT_FIELD_MAX = 50;

