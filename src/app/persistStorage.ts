import createWebStorage from 'redux-persist/lib/storage/createWebStorage';
import type { Storage } from 'redux-persist';

/** A storage that keeps nothing beyond the process: Node has no localStorage, and replays write nowhere. */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    getItem: async (key: string) => items.get(key) ?? null,
    setItem: async (key: string, value: string) => void items.set(key, value),
    removeItem: async (key: string) => void items.delete(key),
  };
}

/** localStorage in the browser; in memory where there is none (the reducer replayed in Node). */
export const persistStorage: Storage =
  typeof window !== 'undefined' && 'localStorage' in window ? createWebStorage('local') : memoryStorage();
