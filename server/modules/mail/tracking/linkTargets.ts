import type { Queryable } from '../../../db/db';

/** Sends whose link ids this process remembers, and how many targets each at most. */
const CACHE = { sends: 32, targetsPerSend: 10_000 };

/**
 * The distinct targets of a send's tracked links (`mail_link`), each with the id click tokens
 * carry. Every message of a send names the same few targets (unless the template personalises
 * them): they are read or added once per send and process, then remembered.
 */
export class LinkTargets {
  private readonly cache = new Map<number, Map<string, number>>();

  constructor(private readonly db: () => Queryable) {}

  /** The id of each of `urls` for `sendId`, adding the targets the send did not have. */
  async ids(sendId: number, urls: readonly string[]): Promise<Map<string, number>> {
    let known = this.cache.get(sendId);
    if (!known) {
      known = new Map();
      this.cache.set(sendId, known);
      if (this.cache.size > CACHE.sends) this.cache.delete(this.cache.keys().next().value as number);
    }
    const missing = [...new Set(urls.filter((url) => !known.has(url)))];
    if (missing.length > 0) {
      for (const { id, url } of await addTargets(this.db(), sendId, missing)) {
        if (known.size < CACHE.targetsPerSend) known.set(url, id);
        else return new Map((await addTargets(this.db(), sendId, [...new Set(urls)])).map((row) => [row.url, row.id]));
      }
    }
    return known;
  }
}

/** Adds a send's targets (each once, whatever process adds it too) and answers every one's id. */
async function addTargets(db: Queryable, sendId: number, urls: string[]): Promise<{ id: number; url: string }[]> {
  await db.query(
    `INSERT INTO mail_link (send_id, url, url_hash)
     SELECT $1, url, md5(url) FROM unnest($2::text[]) AS given (url)
     ON CONFLICT (send_id, url_hash) DO NOTHING`,
    [sendId, urls],
  );
  return db.query<{ id: number; url: string }>(
    'SELECT id, url FROM mail_link WHERE send_id = $1 AND url_hash = ANY (SELECT md5(u) FROM unnest($2::text[]) AS u)',
    [sendId, urls],
  );
}

/** The address a link id of a send names, or null. */
export async function linkTarget(db: Queryable, sendId: number, linkId: number): Promise<string | null> {
  const [row] = await db.query<{ url: string }>('SELECT url FROM mail_link WHERE id = $1 AND send_id = $2', [linkId, sendId]);
  return row?.url ?? null;
}
