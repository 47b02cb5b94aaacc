import Handlebars from 'handlebars';
import type { Queryable } from '../../../db/db';
import { badRequest } from '../../../shared/errors';
import { languageCopy } from './language';

/**
 * The videos block of a template (docs/templates.md, «Videos»):
 * `{{#videos createurs="…" groupe="…" depuis="dernier envoi"|"<N> jours" max=6}} … {{/videos}}`
 * renders its inside once per video, `{{videos …}}` alone a default card layout. Which videos
 * a block shows is decided once per send (`resolveVideoBlocks`), kept in the send's content, and
 * the same for every recipient; rendering only reads it.
 */
export interface VideoBlock {
  /** The block's parameters written one way: what the send's content keeps its videos under. */
  key: string;
  channelIds: string[];
  theme: string | null;
  /** Days back; null: since the previous send to the same list (7 days before the first). */
  days: number | null;
  max: number;
}

/** A video as a block's inside reads it. */
export interface NewsletterVideo {
  id: string;
  titre: string;
  /** The product's own page of the video (`?v=ID`). */
  url: string;
  miniature: string;
  date: string;
  createur: string;
  notes: { objectivite: string; information: string; motivation: string; nombre: number };
}

/** The videos each block of a send shows, by block key. */
export type ResolvedVideos = Record<string, NewsletterVideo[]>;

/** What the videos module answers (registered from server/modules/index.ts: mail does not import it). */
export interface VideoSourceRow {
  id: string;
  title: string;
  published: string;
  thumbnail: string | null;
  channel: string;
  objectivite: number | null;
  information: number | null;
  motivation: number | null;
  ratings: number;
}
export type VideoSource = (
  db: Queryable,
  query: { channelIds: string[]; theme: string | null; since: Date; max: number },
) => Promise<VideoSourceRow[]>;

let source: VideoSource = async () => [];

export function registerVideoSource(videos: VideoSource): void {
  source = videos;
}

export const DEFAULT_MAX = 6;
const MAX_VIDEOS = 50;
const LAST_SEND = 'dernier envoi';
/** Before a delivery's first send to a list, "dernier envoi" reaches this far back. */
export const FIRST_SEND_DAYS = 7;
const PARAMETERS = new Set(['createurs', 'groupe', 'depuis', 'max']);

type Part = 'subject' | 'html' | 'text' | 'amp';
const FIELD_OF: Record<Part, string> = { subject: 'subject', html: 'codeHtml', text: 'codeText', amp: 'codeAmp' };

type HashValue = string | number | boolean | undefined | null;

/** A block's parameters checked and written one way; a wrong one is a 400 on the part's field. */
export function videoBlockOf(hash: Record<string, HashValue>, field = 'codeHtml'): VideoBlock {
  const wrong = (message: string) => badRequest(field, `Le bloc {{videos}} de '${field}' est invalide : ${message}`);
  for (const name of Object.keys(hash)) {
    if (!PARAMETERS.has(name)) throw wrong(`le paramètre '${name}' est inconnu (createurs, groupe, depuis, max).`);
  }
  const text = (name: string) => {
    const value = hash[name];
    if (value === undefined || value === null) return '';
    if (typeof value !== 'string') throw wrong(`'${name}' s'écrit entre guillemets.`);
    return value.trim();
  };
  const channelIds = [...new Set(text('createurs').split(',').map((id) => id.trim()).filter(Boolean))].sort();
  if (channelIds.some((id) => !/^[\w-]{1,64}$/.test(id))) throw wrong("'createurs' attend des identifiants de chaîne séparés par des virgules.");
  const theme = text('groupe') || null;
  if (theme && theme.length > 100) throw wrong("'groupe' fait 100 caractères au plus.");
  const depuis = text('depuis') || LAST_SEND;
  let days: number | null = null;
  if (depuis !== LAST_SEND) {
    const match = /^(\d{1,3}) jours?$/.exec(depuis);
    if (!match || Number(match[1]) < 1) throw wrong(`'depuis' vaut « ${LAST_SEND} » ou « <N> jours ».`);
    days = Number(match[1]);
  }
  const rawMax = hash.max ?? DEFAULT_MAX;
  const max = typeof rawMax === 'string' && /^\d+$/.test(rawMax) ? Number(rawMax) : rawMax;
  if (typeof max !== 'number' || !Number.isInteger(max) || max < 1 || max > MAX_VIDEOS) {
    throw wrong(`'max' est un nombre entier de 1 à ${MAX_VIDEOS}.`);
  }
  const key = JSON.stringify([channelIds, theme, days, max]);
  return { key, channelIds, theme, days, max };
}

function literalHash(hash: hbs.AST.Hash | undefined, field: string): Record<string, HashValue> {
  const values: Record<string, HashValue> = {};
  for (const pair of hash?.pairs ?? []) {
    const value = pair.value;
    if (value.type === 'StringLiteral' || value.type === 'NumberLiteral' || value.type === 'BooleanLiteral') {
      values[pair.key] = (value as hbs.AST.StringLiteral).value;
    } else {
      throw badRequest(field, `Le bloc {{videos}} de '${field}' est invalide : '${pair.key}' s'écrit en toutes lettres, sans variable.`);
    }
  }
  return values;
}

/** The videos blocks a template's parts hold, each once (their programs already parsed). */
export function videoBlocksOfPrograms(programs: Partial<Record<Part, hbs.AST.Program>>): VideoBlock[] {
  const blocks = new Map<string, VideoBlock>();
  for (const [part, program] of Object.entries(programs) as [Part, hbs.AST.Program][]) {
    const field = FIELD_OF[part];
    const walk = (node: hbs.AST.Program | undefined) => {
      for (const statement of node?.body ?? []) {
        if (statement.type === 'MustacheStatement' || statement.type === 'BlockStatement') {
          const mustache = statement as hbs.AST.MustacheStatement | hbs.AST.BlockStatement;
          const name = (mustache.path as hbs.AST.PathExpression).original;
          if (name === 'videos') {
            if (part === 'subject') throw badRequest('subject', "L'objet ne peut pas contenir de bloc {{videos}}.");
            if (mustache.params.length > 0) throw badRequest(field, `Le bloc {{videos}} de '${field}' est invalide : ses paramètres se nomment (createurs=…).`);
            const block = videoBlockOf(literalHash(mustache.hash, field), field);
            blocks.set(block.key, block);
          }
          if (statement.type === 'BlockStatement' && name !== 'raw') {
            walk((statement as hbs.AST.BlockStatement).program);
            walk((statement as hbs.AST.BlockStatement).inverse);
          }
        }
      }
    };
    walk(program);
  }
  return [...blocks.values()];
}

/**
 * The videos each block shows for one send: published since the previous send of the
 * delivery to the same list (`lastSentAt`; the last FIRST_SEND_DAYS days before the first) or
 * the block's `<N> jours`, newest first, `max` at most.
 */
export async function resolveVideoBlocks(
  db: Queryable,
  blocks: VideoBlock[],
  options: { lastSentAt: Date | null; now: Date; publicUrl: string; lang?: string; timezone?: string },
): Promise<ResolvedVideos> {
  const resolved: ResolvedVideos = {};
  const copy = languageCopy(options.lang);
  const date = new Intl.DateTimeFormat(copy.locale, { dateStyle: 'long', timeZone: options.timezone ?? 'Europe/Paris' });
  const number = new Intl.NumberFormat(copy.locale, { maximumFractionDigits: 1 });
  const base = options.publicUrl.replace(/\/+$/, '');
  for (const block of blocks) {
    const days = block.days ?? (options.lastSentAt ? null : FIRST_SEND_DAYS);
    const since = days === null && options.lastSentAt ? options.lastSentAt : new Date(options.now.getTime() - (days ?? FIRST_SEND_DAYS) * 86_400_000);
    const rows = await source(db, { channelIds: block.channelIds, theme: block.theme, since, max: block.max });
    resolved[block.key] = rows.map((row) => ({
      id: row.id,
      titre: row.title,
      url: `${base}/?v=${encodeURIComponent(row.id)}`,
      miniature: row.thumbnail ?? `https://i.ytimg.com/vi/${encodeURIComponent(row.id)}/mqdefault.jpg`,
      date: date.format(new Date(row.published)),
      createur: row.channel,
      notes: {
        objectivite: row.objectivite === null ? '' : number.format(row.objectivite),
        information: row.information === null ? '' : number.format(row.information),
        motivation: row.motivation === null ? '' : number.format(row.motivation),
        nombre: row.ratings,
      },
    }));
  }
  return resolved;
}

/** Whether a send's blocks have nothing to show (a schedule then skips its occurrence). */
export const nothingNew = (blocks: VideoBlock[], videos: ResolvedVideos) =>
  blocks.length > 0 && blocks.every((block) => (videos[block.key] ?? []).length === 0);

const escape = Handlebars.escapeExpression;

/** What rendering hands the helper besides the block's parameters. */
export interface VideoRenderData {
  videos?: ResolvedVideos;
  part?: Part;
  lang?: string;
  /** The AMP part's rating form of a video, when the send carries one. */
  ampForm?: (video: NewsletterVideo) => string;
}

function notesLine(video: NewsletterVideo, lang: string | undefined): string {
  const copy = languageCopy(lang);
  if (video.notes.nombre === 0) return copy.noRating;
  return (
    `${copy.criteria[0]} ${video.notes.objectivite || '–'} · ${copy.criteria[1]} ${video.notes.information || '–'} · ` +
    `${copy.criteria[2]} ${video.notes.motivation || '–'} (${copy.ratings(video.notes.nombre)})`
  );
}

/** The default card of a video: one fluid column, 16 px text, no fixed width (it reads on a phone). */
function htmlCard(video: NewsletterVideo, data: VideoRenderData): string {
  const amp = data.part === 'amp';
  const url = escape(video.url);
  const title = escape(video.titre);
  const image = amp
    ? `<amp-img src="${escape(video.miniature)}" alt="${title}" width="320" height="180" layout="responsive"></amp-img>`
    : `<img src="${escape(video.miniature)}" alt="${title}" width="320" height="180" style="display:block;width:100%;max-width:600px;height:auto;border:0">`;
  return (
    `<div style="margin:0 0 16px;border:1px solid #dddddd;border-radius:8px;overflow:hidden">` +
    `<a href="${url}">${image}</a>` +
    `<div style="padding:12px 16px;font-size:16px;line-height:1.4;color:#1a1a1a">` +
    `<p style="margin:0 0 4px"><a href="${url}" style="color:#1a1a1a;font-weight:bold">${title}</a></p>` +
    `<p style="margin:0 0 4px;font-size:14px;color:#555555">${escape(video.createur)} · ${escape(video.date)}</p>` +
    `<p style="margin:0;font-size:14px;color:#555555">${escape(notesLine(video, data.lang))}</p>` +
    (amp && data.ampForm ? data.ampForm(video) : '') +
    `</div></div>`
  );
}

function defaultLayout(videos: NewsletterVideo[], data: VideoRenderData): string {
  const copy = languageCopy(data.lang);
  if (data.part === 'text') {
    if (videos.length === 0) return copy.noVideo;
    return videos.map((video) => `${video.titre}\n${video.createur} · ${video.date}\n${notesLine(video, data.lang)}\n${video.url}`).join('\n\n');
  }
  if (videos.length === 0) return `<p style="font-size:16px">${escape(copy.noVideo)}</p>`;
  return `<div style="max-width:600px;margin:0 auto">${videos.map((video) => htmlCard(video, data)).join('')}</div>`;
}

/** Registers the `videos` helper on a Handlebars instance (render.ts's). */
export function registerVideosHelper(hbs: typeof Handlebars): void {
  hbs.registerHelper('videos', function (this: unknown, options: Handlebars.HelperOptions) {
    const data = (options.data ?? {}) as VideoRenderData;
    const block = videoBlockOf(options.hash as Record<string, HashValue>);
    const videos = data.videos?.[block.key] ?? [];
    if (!options.fn) return new hbs.SafeString(defaultLayout(videos, data));
    if (videos.length === 0) return options.inverse(this);
    return videos.map((video, index) => options.fn(video, { data: { ...hbs.createFrame(options.data), index, first: index === 0, last: index === videos.length - 1 } })).join('');
  });
}
