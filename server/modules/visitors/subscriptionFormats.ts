import { parse as parseCsv } from 'csv-parse/sync';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { badRequest } from '../../shared/errors';
import { CHANNEL_ID } from '../feeds/parseFeed';

/**
 * The subscription files of YouTube and its alternative clients, read and written:
 * YouTube Takeout's `subscriptions.csv`, OPML (YouTube, FreeTube, Invidious, NewPipe),
 * NewPipe's JSON export, FreeTube's `subscriptions.db` (one JSON profile a line) and the
 * older YouTube `subscriptions.json` (Data API items) FreeTube also reads.
 */
export type SubscriptionFormat = 'takeout-csv' | 'opml' | 'newpipe' | 'freetube' | 'youtube-json';

/** One line of a file: a YouTube channel id, or why it names none (`unknown` in the report). */
export type SubscriptionEntry = { channelId: string; name: string | null } | { channelId: null; name: string | null; source: string };

export interface SubscriptionFile {
  format: SubscriptionFormat;
  entries: SubscriptionEntry[];
}

/** Beyond this many channels a file is refused whole: resolving them would take minutes. */
export const MAX_IMPORTED_CHANNELS = 1000;

const FIELD = 'file';
const malformed = (detail: string) =>
  badRequest(FIELD, `Le fichier n'est pas un export d'abonnements reconnu : ${detail}. Rien n'a été modifié.`);

/** A channel id read from an id, a channel address (YouTube, Invidious…) or a feed address. */
export function channelIdIn(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (CHANNEL_ID.test(text)) return text;
  const match = /(?:channel_id=|\/channel\/)(UC[\w-]{22})(?![\w-])/.exec(text);
  return match ? match[1] : null;
}

const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 200) : null);

function entryOf(value: unknown, name: unknown): SubscriptionEntry {
  const channelId = channelIdIn(value);
  const label = str(name);
  return channelId ? { channelId, name: label } : { channelId: null, name: label, source: String(value ?? '').slice(0, 300) };
}

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);

// --- OPML -------------------------------------------------------------------------------------

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => name === 'outline',
  processEntities: true,
  htmlEntities: true,
});

/** Every outline with a feed (`xmlUrl`), however deeply folders nest them. */
function feedOutlines(outlines: unknown, found: SubscriptionEntry[], depth = 0): void {
  if (!Array.isArray(outlines) || depth > 10) return;
  for (const outline of outlines) {
    if (!isNode(outline)) continue;
    if (outline['@xmlUrl'] !== undefined) {
      found.push(entryOf(outline['@xmlUrl'], outline['@title'] ?? outline['@text']));
    }
    feedOutlines(outline.outline, found, depth + 1);
  }
}

function readOpml(text: string): SubscriptionEntry[] {
  let document: unknown;
  try {
    document = xmlParser.parse(text, true);
  } catch {
    throw malformed('XML illisible');
  }
  const body = isNode(document) && isNode(document.opml) ? document.opml.body : undefined;
  if (!isNode(body)) throw malformed("le document XML n'est pas un OPML (élément opml/body absent)");
  const entries: SubscriptionEntry[] = [];
  feedOutlines(body.outline, entries);
  return entries;
}

// --- JSON formats -------------------------------------------------------------------------------

function readNewPipe(document: Node): SubscriptionEntry[] {
  const subscriptions = document.subscriptions as unknown[];
  return subscriptions.map((item) => {
    if (!isNode(item)) return { channelId: null, name: null, source: '' };
    // NewPipe's service 0 is YouTube; SoundCloud, PeerTube… channels cannot be followed here.
    if (item.service_id !== 0) return { channelId: null, name: str(item.name), source: String(item.url ?? '') };
    return entryOf(item.url, item.name);
  });
}

function readYoutubeJson(items: unknown[]): SubscriptionEntry[] {
  return items.map((item) => {
    const snippet = isNode(item) && isNode(item.snippet) ? item.snippet : {};
    const resource = isNode(snippet.resourceId) ? snippet.resourceId : {};
    return entryOf(resource.channelId, snippet.title);
  });
}

/** FreeTube's profiles file: one JSON profile a line; 'allChannels' holds every subscription. */
function readFreeTube(lines: Node[]): SubscriptionEntry[] {
  const profiles = lines.filter((line) => Array.isArray(line.subscriptions));
  const all = profiles.find((profile) => profile._id === 'allChannels');
  const seen = new Set<string>();
  const entries: SubscriptionEntry[] = [];
  for (const profile of all ? [all] : profiles) {
    for (const item of profile.subscriptions as unknown[]) {
      const entry = isNode(item) ? entryOf(item.id, item.name) : entryOf(null, null);
      if (entry.channelId && seen.has(entry.channelId)) continue;
      if (entry.channelId) seen.add(entry.channelId);
      entries.push(entry);
    }
  }
  return entries;
}

function parseJsonLines(text: string): Node[] | null {
  const lines = text.split(/\r?\n/).filter((line) => line.trim());
  try {
    const parsed = lines.map((line) => JSON.parse(line) as unknown);
    return parsed.every(isNode) ? (parsed as Node[]) : null;
  } catch {
    return null;
  }
}

function readJson(text: string): SubscriptionFile {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    const lines = parseJsonLines(text);
    if (lines && lines.some((line) => Array.isArray(line.subscriptions))) return { format: 'freetube', entries: readFreeTube(lines) };
    throw malformed('JSON illisible');
  }
  if (isNode(document) && Array.isArray(document.subscriptions)) {
    const items = document.subscriptions as unknown[];
    // A FreeTube file of one profile is a single JSON line.
    if (items.length > 0 && items.every((item) => isNode(item) && 'id' in item && !('service_id' in item))) {
      return { format: 'freetube', entries: readFreeTube([document]) };
    }
    return { format: 'newpipe', entries: readNewPipe(document) };
  }
  if (Array.isArray(document) && document.every((item) => isNode(item) && isNode(item.snippet))) {
    return { format: 'youtube-json', entries: readYoutubeJson(document) };
  }
  throw malformed("le JSON n'a pas de liste 'subscriptions'");
}

// --- Takeout CSV ----------------------------------------------------------------------------------

/** Takeout writes `Channel Id,Channel Url,Channel Title` (its column names are translated). */
function readTakeoutCsv(text: string): SubscriptionEntry[] {
  let rows: string[][];
  try {
    rows = parseCsv(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch {
    throw malformed('CSV illisible');
  }
  if (rows.length === 0) throw malformed('le fichier est vide');
  const [header, ...lines] = rows;
  // The header names no channel; when it does (no header line), every row counts.
  const body = header.some((cell) => channelIdIn(cell)) ? rows : lines;
  if (body.length > 0 && !body.some((row) => row.some((cell) => channelIdIn(cell)))) {
    throw malformed('aucune colonne ne contient d’identifiant de chaîne YouTube');
  }
  return body.map((row) => {
    const cell = row.find((value) => channelIdIn(value)) ?? row[0];
    const title = row.length >= 3 ? row[2] : row.find((value) => value !== cell && !channelIdIn(value));
    return entryOf(cell, title);
  });
}

/** Reads a subscriptions file of any format above; a 400 on `file` when it is none of them. */
export function readSubscriptionFile(text: string): SubscriptionFile {
  const content = text.replace(/^\uFEFF/, '').trim();
  if (!content) throw malformed('le fichier est vide');
  if (content.includes('\u0000')) throw malformed('fichier binaire');
  let file: SubscriptionFile;
  if (content.startsWith('<')) file = { format: 'opml', entries: readOpml(content) };
  else if (content.startsWith('{') || content.startsWith('[')) file = readJson(content);
  else file = { format: 'takeout-csv', entries: readTakeoutCsv(content) };
  if (file.entries.length > MAX_IMPORTED_CHANNELS) {
    throw badRequest(
      FIELD,
      `Le fichier contient ${file.entries.length} abonnements ; ${MAX_IMPORTED_CHANNELS} au plus sont importés à la fois. Rien n'a été modifié.`,
    );
  }
  return file;
}

// --- Export ---------------------------------------------------------------------------------------

export interface ExportedChannel {
  youtubeId: string;
  name: string;
}

const YOUTUBE = 'https://www.youtube.com';

const xmlBuilder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', format: true, suppressEmptyNode: true });

/** OPML as YouTube and FreeTube write it: one folder of `rss` outlines with the channels' feeds. */
export function toOpml(channels: ExportedChannel[], title: string): string {
  const outlines = channels.map((c) => ({
    '@text': c.name,
    '@title': c.name,
    '@type': 'rss',
    '@xmlUrl': `${YOUTUBE}/feeds/videos.xml?channel_id=${c.youtubeId}`,
  }));
  const document = {
    opml: {
      '@version': '1.1',
      head: { title },
      body: { outline: { '@text': 'YouTube Subscriptions', '@title': 'YouTube Subscriptions', outline: outlines } },
    },
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xmlBuilder.build(document) as string}`;
}

/** NewPipe's subscriptions export (Settings › Content › Export subscriptions). */
export function toNewPipeJson(channels: ExportedChannel[]): string {
  return JSON.stringify(
    {
      app_version: '0.27.6',
      app_version_int: 1000,
      subscriptions: channels.map((c) => ({ service_id: 0, url: `${YOUTUBE}/channel/${c.youtubeId}`, name: c.name })),
    },
    null,
    2,
  );
}
