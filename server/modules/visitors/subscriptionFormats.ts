import { parse as parseCsv } from 'csv-parse/sync';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { badRequest } from '../../shared/errors';
import { CHANNEL_ID } from '../feeds';
import { importedGroupName } from './groupName';
import { NOTE_MAX_CHARS, NOTE_MAX_SECONDS, NOTES_PER_VISITOR, type NoteInput } from './notes';

/**
 * The subscription files of YouTube and its alternative clients, read and written:
 * YouTube Takeout's `subscriptions.csv`, OPML (YouTube, FreeTube, Invidious, NewPipe),
 * NewPipe's JSON export, FreeTube's `subscriptions.db` (one JSON profile a line) and the
 * older YouTube `subscriptions.json` (Data API items) FreeTube also reads.
 */
export type SubscriptionFormat = 'takeout-csv' | 'opml' | 'newpipe' | 'freetube' | 'youtube-json';

/** One line of a file: a YouTube channel id, or why it names none (`unknown` in the report). */
export type SubscriptionEntry = { channelId: string; name: string | null } | { channelId: null; name: string | null; source: string };

/** A named group of channels: a FreeTube profile, a NewPipe feed group, an OPML category or folder. */
export interface FileGroup {
  name: string;
  channelIds: string[];
}

export interface SubscriptionFile {
  format: SubscriptionFormat;
  entries: SubscriptionEntry[];
  groups: FileGroup[];
  /** Video ids saved for later, then hidden ones (our own additions to every format). */
  plusTard: string[];
  masquees: string[];
  /** The visitor's notes, in the JSON formats only (issue 42). */
  notes?: NoteInput[];
}

type Extras = Omit<SubscriptionFile, 'format' | 'entries'>;
const noExtras = (): Extras => ({ groups: [], plusTard: [], masquees: [] });

/** At most this many groups and saved or hidden videos are read from a file. */
export const MAX_IMPORTED_GROUPS = 100;
export const MAX_IMPORTED_VIDEOS = 5000;
const VIDEO_ID = /^[\w-]{11}$/;

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

/** Our OPML marks groups and saved or hidden videos with OPML 2.0 categories under these roots. */
const GROUP_CATEGORY = '/tgm-groupe/';
const STATE_CATEGORY = '/tgm-etat/';

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return '';
  }
};

/** The categories under `root`, each part between slashes decoded. */
const categoriesOf = (outline: Node, root: string): string[] =>
  typeof outline['@category'] === 'string'
    ? outline['@category']
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item.startsWith(root))
        .map((item) => item.slice(root.length).split('/').map(decoded).join('/'))
        .filter(Boolean)
    : [];

interface OpmlRead {
  entries: SubscriptionEntry[];
  /** Group name → channel ids, from categories. */
  categories: Map<string, string[]>;
  /** Our own categories: ranked groups and places. */
  ranked: { group: number; position: number; name: string; channelId: string }[];
  /** Folder name → channel ids. */
  folders: Map<string, string[]>;
  extras: Extras;
}

const push = (map: Map<string, string[]>, key: string, value: string) => map.set(key, [...(map.get(key) ?? []), value]);

/** Every outline with a feed (`xmlUrl`), however deeply folders nest them; groups and videos on the way. */
function feedOutlines(outlines: unknown, read: OpmlRead, folder: string | null, depth = 0): void {
  if (!Array.isArray(outlines) || depth > 10) return;
  for (const outline of outlines) {
    if (!isNode(outline)) continue;
    if (outline['@xmlUrl'] !== undefined) {
      const entry = entryOf(outline['@xmlUrl'], outline['@title'] ?? outline['@text']);
      read.entries.push(entry);
      if (entry.channelId) {
        for (const item of categoriesOf(outline, GROUP_CATEGORY)) {
          // `{group}.{position}/{name}`: the group's rank and the channel's place in it.
          const match = /^(\d{1,4})\.(\d{1,5})\/(.+)$/.exec(item);
          if (match) read.ranked.push({ group: Number(match[1]), position: Number(match[2]), name: match[3], channelId: entry.channelId });
          else push(read.categories, item, entry.channelId);
        }
        if (folder) push(read.folders, folder, entry.channelId);
      }
    } else if (typeof outline['@url'] === 'string') {
      const videoId = /[?&]v=([\w-]{11})(?![\w-])/.exec(outline['@url'])?.[1];
      const [state] = categoriesOf(outline, STATE_CATEGORY);
      if (videoId && state === 'plus tard') read.extras.plusTard.push(videoId);
      if (videoId && state === 'masquée') read.extras.masquees.push(videoId);
    }
    const name = str(outline['@title'] ?? outline['@text']);
    feedOutlines(outline.outline, read, outline['@xmlUrl'] === undefined && name ? name : folder, depth + 1);
  }
}

function readOpml(text: string): Omit<SubscriptionFile, 'format'> {
  let document: unknown;
  try {
    document = xmlParser.parse(text, true);
  } catch {
    throw malformed('XML illisible');
  }
  const body = isNode(document) && isNode(document.opml) ? document.opml.body : undefined;
  if (!isNode(body)) throw malformed("le document XML n'est pas un OPML (élément opml/body absent)");
  const read: OpmlRead = { entries: [], categories: new Map(), ranked: [], folders: new Map(), extras: noExtras() };
  feedOutlines(body.outline, read, null);
  read.ranked.sort((a, b) => a.group - b.group || a.position - b.position);
  for (const item of read.ranked) push(read.categories, item.name, item.channelId);
  // Our categories say the groups; without them, folders do when there are several (a feed
  // reader's), never the one folder every YouTube client wraps its subscriptions in.
  const source = read.categories.size > 0 ? read.categories : read.folders.size > 1 ? read.folders : new Map<string, string[]>();
  read.extras.groups = [...source].map(([name, channelIds]) => ({ name, channelIds }));
  return { entries: read.entries, ...read.extras };
}

// --- JSON formats -------------------------------------------------------------------------------

/** Notes as an export writes them (`{video, at, text}`); anything else is passed over. */
function ourNotes(list: unknown): NoteInput[] {
  if (!Array.isArray(list)) return [];
  return list.filter(isNode).flatMap((note) => {
    const { video, at, text } = note;
    if (typeof video !== 'string' || !VIDEO_ID.test(video) || !Number.isInteger(at) || typeof text !== 'string') return [];
    const trimmed = text.trim();
    if ((at as number) < 0 || (at as number) > NOTE_MAX_SECONDS || !trimmed || trimmed.length > NOTE_MAX_CHARS) return [];
    return [{ video, at: at as number, text: trimmed }];
  });
}

/** `plusTard`, `masquees` and `notes` under `tgm`, as every JSON we write carries them. */
function ourVideos(value: unknown): Pick<Extras, 'plusTard' | 'masquees' | 'notes'> {
  const node = isNode(value) ? value : {};
  const ids = (list: unknown) => (Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string' && VIDEO_ID.test(id)) : []);
  return { plusTard: ids(node.plusTard), masquees: ids(node.masquees), notes: ourNotes(node.notes) };
}

/**
 * NewPipe keeps its feed groups in its database backup only; our NewPipe JSON adds them as
 * `feed_groups` (`name`, `subscriptions`: channel URLs), which NewPipe's importer passes over.
 */
function readNewPipeGroups(value: unknown): FileGroup[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isNode).flatMap((group) => {
    const name = str(group.name);
    if (!name || !Array.isArray(group.subscriptions)) return [];
    return [{ name, channelIds: group.subscriptions.map(channelIdIn).filter((id): id is string => id !== null) }];
  });
}

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

/** FreeTube's profiles other than 'allChannels' are groups. */
function freeTubeGroups(lines: Node[]): FileGroup[] {
  return lines
    .filter((line) => Array.isArray(line.subscriptions) && line._id !== 'allChannels')
    .flatMap((profile) => {
      const name = str(profile.name);
      if (!name) return [];
      const ids = (profile.subscriptions as unknown[]).map((item) => (isNode(item) ? channelIdIn(item.id) : null));
      return [{ name, channelIds: ids.filter((id): id is string => id !== null) }];
    });
}

function freeTubeFile(lines: Node[]): SubscriptionFile {
  const videos = ourVideos(lines.find((line) => isNode(line.tgm))?.tgm);
  return { format: 'freetube', entries: readFreeTube(lines), groups: freeTubeGroups(lines), ...videos };
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
    if (lines && lines.some((line) => Array.isArray(line.subscriptions))) return freeTubeFile(lines);
    throw malformed('JSON illisible');
  }
  if (isNode(document) && Array.isArray(document.subscriptions)) {
    const items = document.subscriptions as unknown[];
    // A FreeTube file of one profile is a single JSON line.
    if (items.length > 0 && items.every((item) => isNode(item) && 'id' in item && !('service_id' in item))) {
      return freeTubeFile([document]);
    }
    return { format: 'newpipe', entries: readNewPipe(document), groups: readNewPipeGroups(document.feed_groups), ...ourVideos(document.tgm) };
  }
  if (Array.isArray(document) && document.every((item) => isNode(item) && isNode(item.snippet))) {
    return { format: 'youtube-json', entries: readYoutubeJson(document), ...noExtras() };
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
  if (content.startsWith('<')) file = { format: 'opml', ...readOpml(content) };
  else if (content.startsWith('{') || content.startsWith('[')) file = readJson(content);
  else file = { format: 'takeout-csv', entries: readTakeoutCsv(content), ...noExtras() };
  file.groups = file.groups
    .flatMap((group) => {
      const name = importedGroupName(group.name);
      return name ? [{ name, channelIds: [...new Set(group.channelIds)] }] : [];
    })
    .slice(0, MAX_IMPORTED_GROUPS);
  file.plusTard = [...new Set(file.plusTard)].slice(0, MAX_IMPORTED_VIDEOS);
  file.masquees = [...new Set(file.masquees)].slice(0, MAX_IMPORTED_VIDEOS);
  file.notes = (file.notes ?? []).slice(0, NOTES_PER_VISITOR);
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

/** What an export carries beside the channels: groups, saved and hidden videos. */
export interface ExportExtras {
  groups: { name: string; chaines: string[] }[];
  plusTard: string[];
  masquees: string[];
  /** Written in the JSON formats only: OPML readers have no place for them. */
  notes?: NoteInput[];
}

const NO_EXTRAS: ExportExtras = { groups: [], plusTard: [], masquees: [] };

const YOUTUBE = 'https://www.youtube.com';

const xmlBuilder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', format: true, suppressEmptyNode: true });

const videoOutline = (videoId: string, state: string, label: string) => ({
  '@text': `${label} : ${videoId}`,
  '@type': 'link',
  '@url': `${YOUTUBE}/watch?v=${videoId}`,
  '@category': `${STATE_CATEGORY}${encodeURIComponent(state)}`,
});

/**
 * OPML as YouTube and FreeTube write it: one folder of `rss` outlines with the channels' feeds.
 * A channel's groups are OPML 2.0 categories (`/tgm-groupe/{name}`), saved and hidden videos
 * `link` outlines in folders of their own: readers that know neither pass over them.
 */
export function toOpml(channels: ExportedChannel[], title: string, extras: ExportExtras = NO_EXTRAS): string {
  const groupsOf = new Map<string, string[]>();
  extras.groups.forEach((group, rank) =>
    group.chaines.forEach((id, position) => push(groupsOf, id, `${GROUP_CATEGORY}${rank}.${position}/${encodeURIComponent(group.name)}`)),
  );
  const outlines = channels.map((c) => ({
    '@text': c.name,
    '@title': c.name,
    '@type': 'rss',
    '@xmlUrl': `${YOUTUBE}/feeds/videos.xml?channel_id=${c.youtubeId}`,
    ...(groupsOf.has(c.youtubeId) ? { '@category': (groupsOf.get(c.youtubeId) as string[]).join(',') } : {}),
  }));
  const folders: Record<string, unknown>[] = [{ '@text': 'YouTube Subscriptions', '@title': 'YouTube Subscriptions', outline: outlines }];
  if (extras.plusTard.length > 0) {
    folders.push({ '@text': 'Plus tard', '@title': 'Plus tard', outline: extras.plusTard.map((id) => videoOutline(id, 'plus tard', 'Plus tard')) });
  }
  if (extras.masquees.length > 0) {
    folders.push({ '@text': 'Masquées', '@title': 'Masquées', outline: extras.masquees.map((id) => videoOutline(id, 'masquée', 'Masquée')) });
  }
  const document = { opml: { '@version': '2.0', head: { title }, body: { outline: folders } } };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xmlBuilder.build(document) as string}`;
}

const channelUrl = (id: string) => `${YOUTUBE}/channel/${id}`;

/** NewPipe's subscriptions export (Settings › Content › Export subscriptions), with our additions. */
export function toNewPipeJson(channels: ExportedChannel[], extras: ExportExtras = NO_EXTRAS): string {
  return JSON.stringify(
    {
      app_version: '0.27.6',
      app_version_int: 1000,
      subscriptions: channels.map((c) => ({ service_id: 0, url: channelUrl(c.youtubeId), name: c.name })),
      feed_groups: extras.groups.map((group) => ({ name: group.name, subscriptions: group.chaines.map(channelUrl) })),
      tgm: { plusTard: extras.plusTard, masquees: extras.masquees, notes: extras.notes ?? [] },
    },
    null,
    2,
  );
}

/** A FreeTube profile id: 16 characters, as its database (NeDB) draws them. */
const profileId = (index: number, name: string) =>
  `tgm${String(index).padStart(3, '0')}${Buffer.from(name).toString('base64url').replace(/[-_]/g, 'x')}xxxxxxxxxx`.slice(0, 16);

/** FreeTube's profiles file (`subscriptions.db`): 'All Channels', then one profile a group. */
export function toFreeTubeDb(channels: ExportedChannel[], extras: ExportExtras = NO_EXTRAS): string {
  const names = new Map(channels.map((c) => [c.youtubeId, c.name]));
  const subscription = (id: string) => ({ id, name: names.get(id) ?? id, thumbnail: '' });
  const all = {
    name: 'All Channels',
    bgColor: '#000000',
    textColor: '#FFFFFF',
    subscriptions: channels.map((c) => subscription(c.youtubeId)),
    _id: 'allChannels',
    tgm: { plusTard: extras.plusTard, masquees: extras.masquees, notes: extras.notes ?? [] },
  };
  const profiles = extras.groups.map((group, index) => ({
    name: group.name,
    bgColor: '#2196F3',
    textColor: '#FFFFFF',
    subscriptions: group.chaines.map(subscription),
    _id: profileId(index, group.name),
  }));
  return `${[all, ...profiles].map((line) => JSON.stringify(line)).join('\n')}\n`;
}
