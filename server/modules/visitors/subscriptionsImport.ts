import type { Db } from '../../db/db';
import { mapWithConcurrency } from '../../shared/concurrency';
import { HttpError } from '../../shared/errors';
import type { FeedClient } from '../feeds/feedClient';
import { findOrFetchChannel } from '../videos/channelService';
import { addChannelToList, channelsOfList } from '../videos/repository';
import type { SubscriptionFile } from './subscriptionFormats';

/** Channels read from YouTube at once during an import: kind to YouTube, quick enough for 1000. */
export const IMPORT_CONCURRENCY = 4;

export interface ImportedChannel {
  id: string;
  name: string;
}

export interface ImportReport {
  format: SubscriptionFile['format'];
  followed: ImportedChannel[];
  alreadyFollowed: ImportedChannel[];
  /** Lines naming no YouTube channel, or a channel YouTube does not know. */
  unknown: { name: string | null; source: string }[];
  /** Channels YouTube could not be asked about now: importing the file again retries them. */
  failed: { id: string; name: string | null; message: string }[];
}

/** Follows every channel of a parsed file on the list, `IMPORT_CONCURRENCY` at a time. */
export async function importSubscriptions(db: Db, feeds: FeedClient, listId: number, file: SubscriptionFile): Promise<ImportReport> {
  const report: ImportReport = { format: file.format, followed: [], alreadyFollowed: [], unknown: [], failed: [] };
  const followedNames = new Map((await channelsOfList(db, listId)).map((c) => [c.youtubeId, c.name]));
  const seen = new Set<string>();
  const toResolve: { channelId: string; name: string | null }[] = [];
  for (const entry of file.entries) {
    if (entry.channelId === null) {
      report.unknown.push({ name: entry.name, source: entry.source });
    } else if (!seen.has(entry.channelId)) {
      seen.add(entry.channelId);
      toResolve.push(entry);
    }
  }
  const outcomes = await mapWithConcurrency(toResolve, IMPORT_CONCURRENCY, async (entry) => {
    const known = followedNames.get(entry.channelId);
    if (known !== undefined) return { kind: 'already' as const, entry, name: known };
    try {
      const channel = await findOrFetchChannel(db, feeds, entry.channelId, 'file');
      await addChannelToList(db, listId, channel.id);
      return { kind: 'followed' as const, entry, name: channel.name };
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return { kind: 'unknown' as const, entry, name: entry.name };
      const message = error instanceof HttpError ? error.message : 'Erreur inattendue.';
      return { kind: 'failed' as const, entry, name: entry.name, message };
    }
  });
  // Reported in the file's order, whatever order the answers came in.
  for (const outcome of outcomes) {
    const id = outcome.entry.channelId;
    if (outcome.kind === 'followed') report.followed.push({ id, name: outcome.name });
    else if (outcome.kind === 'already') report.alreadyFollowed.push({ id, name: outcome.name });
    else if (outcome.kind === 'unknown') report.unknown.push({ name: outcome.name, source: id });
    else report.failed.push({ id, name: outcome.name, message: outcome.message });
  }
  return report;
}
