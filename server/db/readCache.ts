import type { Db } from './db';

interface Entry<T> {
  version: number;
  value: T;
  expires: number;
}

/**
 * Answers of reads of one table kept while that table cannot have changed (`Db.dataVersion`):
 * a cached answer stamped with the table's current version is what the database would say. On
 * the embedded engine that is exact. On PostgreSQL another process's write is known when its
 * notification arrives, a fraction of a millisecond after its commit. Where the version is
 * unknown every read goes to the database. A time limit bounds what an unforeseen writer could
 * leave stale.
 */
export class ReadCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly db: Pick<Db, 'dataVersion'>,
    /** The only table (or tables) the cached reads read. */
    private readonly table: string | readonly string[],
    private readonly options: { maxEntries: number; ttlMs: number },
  ) {}

  /** The tables' versions added up: it moves when any of them moves; undefined when one is unknown. */
  private version(): number | undefined {
    const tables = typeof this.table === 'string' ? [this.table] : this.table;
    let sum = 0;
    for (const table of tables) {
      const version = this.db.dataVersion?.(table);
      if (version === undefined) return undefined;
      sum += version;
    }
    return sum;
  }

  /** The cached answer of `key`, or `load()`'s, kept when no write happened while it ran and `keep` agrees. */
  async read(key: string, load: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    const version = this.version();
    if (version === undefined) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.version === version && hit.expires > now) return hit.value;
    const value = await load();
    if (this.version() === version && keep(value)) {
      this.entries.delete(key);
      // Oldest first in a Map: the first key is the one to drop.
      if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, { version, value, expires: now + this.options.ttlMs });
    }
    return value;
  }
}
