import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Compares a secret a client gave with the stored one in constant time. Both are hashed
 * first: the digests always have the same length in bytes, whatever characters were sent
 * ('é' is one character but two bytes, which made timingSafeEqual throw).
 */
export function sameSecret(given: string, stored: string): boolean {
  return timingSafeEqual(digest(given), digest(stored));
}
