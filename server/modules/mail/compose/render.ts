import Handlebars from 'handlebars';
import { badRequest, HttpError } from '../../../shared/errors';
import { describeTemplateError } from './templateError';
import { MESSAGE_VARIABLES, type MessageVariableListed, type MessageVariableName } from './variables';
import { inlineCss } from './whole';
import { withFormScripts } from './ampRating';
import { registerVideosHelper, videoBlocksOfPrograms, type ResolvedVideos, type VideoBlock, type VideoRenderData } from './videos';

/** What every message of a send is rendered from: decoded codes and the delivery's own values. */
export interface SendContent {
  subject: string;
  html: string;
  text: string;
  amp: string;
  /** The delivery's key/value sequence items and data, by key. */
  vars: Record<string, string>;
  /** Opens and clicks are tracked (the template's `properties.tracking`); absent in sends made before it existed. */
  tracking?: boolean;
  /** Why the template's AMP part is not sent (it breaks the AMP4EMAIL rules); absent when it is sent. */
  ampErrors?: AmpError[];
  /** The videos each videos block shows, decided once for the send (compose/videos.ts); absent: none yet. */
  videos?: ResolvedVideos;
  /** The delivery's language (its "Langue" tab): `Content-Language`, `<html lang>`, the footer's words. */
  lang?: string;
  /** Its sends have no public page and no "Voir dans le navigateur" link. */
  private?: boolean;
}

/** An AMP4EMAIL rule the AMP part breaks, where. */
export interface AmpError {
  rule: string;
  line: number;
  column: number;
  message: string;
}

export interface Contact {
  email: string;
  firstname: string;
  lastname: string;
  /** Its attributes (issue 37): `{{attribs.ville}}`; absent, none. */
  attribs?: Record<string, unknown>;
}

/** The links a message makes for its contact. */
export interface ContactLinks {
  unsubscribeUrl: string;
  /** The contact's preference page (absent: the unsubscribe link stands in). */
  preferencesUrl?: string;
}

export interface RenderedParts {
  subject: string;
  html: string;
  text: string;
  amp: string;
}

/** The names a message may use besides the delivery's own: the contact's fields and its link (`variables.ts`). */
export const CONTACT_KEYS: readonly MessageVariableListed[] = MESSAGE_VARIABLES.map((variable) => variable.name);

type Part = keyof RenderedParts;
type Renderer = (context: Record<string, unknown>, options?: { data: VideoRenderData }) => string;

/**
 * The helper `{{attribs.ville "Paris"}}` becomes (docs/templates.md, «Variables»): the
 * attribute, or the default when the contact has none (absent, null or empty).
 */
const ATTRIB_DEFAULT = 'attribOrDefault';

// An isolated instance: the helpers beyond the built-ins pass AMP's own templates through and
// give an attribute's default.
const hbs = Handlebars.create();
hbs.registerHelper('raw', (options: Handlebars.HelperOptions) => options.fn(undefined));
hbs.registerHelper(ATTRIB_DEFAULT, (value: unknown, fallback: unknown) =>
  value === undefined || value === null || value === '' ? fallback : value,
);

/**
 * `{{attribs.name default}}` reads as a call of the default helper with the attribute first:
 * Handlebars' own form for a value with a fallback, written the way the issue asks
 * (`{{attribs.ville "Paris"}}`). The tree is changed in place; other mustaches are left alone.
 */
function withAttribDefaults(program: hbs.AST.Program): hbs.AST.Program {
  const walk = (block: hbs.AST.Program | undefined) => {
    for (const statement of block?.body ?? []) {
      if (statement.type === 'MustacheStatement') {
        const mustache = statement as hbs.AST.MustacheStatement;
        const path = mustache.path as hbs.AST.PathExpression;
        if (path.type === 'PathExpression' && !path.data && path.parts.length === 2 && path.parts[0] === 'attribs' && mustache.params.length === 1 && !mustache.hash) {
          mustache.params = [path, mustache.params[0]];
          mustache.path = { type: 'PathExpression', data: false, depth: 0, parts: [ATTRIB_DEFAULT], original: ATTRIB_DEFAULT, loc: path.loc } as hbs.AST.PathExpression;
        }
      } else if (statement.type === 'BlockStatement') {
        const inner = statement as hbs.AST.BlockStatement;
        if (inner.path.original === 'raw') continue;
        walk(inner.program);
        walk(inner.inverse);
      }
    }
  };
  walk(program);
  return program;
}

registerVideosHelper(hbs);
const BLOCK_HELPERS_KEEPING_CONTEXT = new Set(['if', 'unless']);

/**
 * AMP e-mails carry amp-mustache templates (`<template type="amp-mustache">`) that the mail
 * client renders; their `{{…}}` must reach it untouched.
 */
function protectAmpTemplates(source: string): string {
  return source.replace(/(<template\b[^>]*>)([\s\S]*?)(<\/template>)/gi, '$1{{{{raw}}}}$2{{{{/raw}}}}$3');
}

/** The top-level names a template reads (`{{firstname}}`, `{{#if promo}}`). */
function namesOf(program: hbs.AST.Program): Set<string> {
  const names = new Set<string>();
  const expression = (node: hbs.AST.Expression) => {
    if (node.type === 'PathExpression') {
      const path = node as hbs.AST.PathExpression;
      if (!path.data && path.parts.length > 0 && !path.original.startsWith('this')) names.add(path.parts[0]);
    } else if (node.type === 'SubExpression') {
      (node as hbs.AST.SubExpression).params.forEach(expression);
    }
  };
  const walk = (block: hbs.AST.Program | undefined) => {
    for (const statement of block?.body ?? []) {
      if (statement.type === 'MustacheStatement') {
        const mustache = statement as hbs.AST.MustacheStatement;
        if (mustache.params.length === 0 && !mustache.hash?.pairs.length) expression(mustache.path);
        else mustache.params.forEach(expression);
      } else if (statement.type === 'BlockStatement') {
        const block = statement as hbs.AST.BlockStatement;
        if (block.path.original === 'raw') continue;
        block.params.forEach(expression);
        // each/with change the context inside: their names are the items', not the message's.
        if (BLOCK_HELPERS_KEEPING_CONTEXT.has(block.path.original)) walk(block.program);
        walk(block.inverse);
      } else if (statement.type === 'PartialStatement' || statement.type === 'PartialBlockStatement') {
        throw new Error('les partiels ({{> …}}) ne sont pas pris en charge');
      }
    }
  };
  walk(program);
  return names;
}

const FIELD_OF: Record<Part, string> = { subject: 'subject', html: 'codeHtml', text: 'codeText', amp: 'codeAmp' };

/** A send's templates, compiled once and rendered for each contact. */
export interface CompiledContent {
  /** `ampForm` gives each default videos card of the AMP part its rating form (compose/ampRating.ts). */
  render(contact: Contact, links: string | ContactLinks, options?: { ampForm?: VideoRenderData['ampForm'] }): RenderedParts;
  /** Names the templates use that neither the delivery nor the contact provides: they render empty. */
  missing: string[];
  /** Parts that place the unsubscribe link themselves (the others get the footer). */
  placesLink: Set<Part>;
  tracking: boolean;
  /** The videos blocks the templates hold (their parameters checked). */
  videoBlocks: VideoBlock[];
  lang: string;
  /** Its sends have a public page (`/newsletters/{sendId}`), which its messages link to. */
  viewable: boolean;
}

/**
 * Compiles the parts with Handlebars: HTML and AMP escape what they insert, text and subject
 * do not. A template error is the caller's (400 on the part's field).
 */
export function compileContent(content: SendContent): CompiledContent {
  const renderers = {} as Record<Part, Renderer>;
  const used = new Set<string>();
  const placesLink = new Set<Part>();
  const programs: Partial<Record<Part, hbs.AST.Program>> = {};
  for (const part of ['subject', 'html', 'text', 'amp'] as Part[]) {
    const source = part === 'amp' ? protectAmpTemplates(content.amp) : content[part];
    try {
      // The HTML part's CSS is inlined once per send, on the template (Handlebars' expressions pass through).
      const program = withAttribDefaults(hbs.parse(part === 'html' ? inlineCss(source) : source));
      programs[part] = program;
      videoBlocksOfPrograms({ [part]: program }); // a wrong videos block is a 400 on its part's field
      const names = namesOf(program);
      // `{{videos}}` alone is the videos block's default layout, not a name.
      names.delete('videos');
      names.forEach((name) => used.add(name));
      if (names.has('unsubscribeUrl')) placesLink.add(part);
      const template = hbs.compile(program, {
        noEscape: part === 'subject' || part === 'text',
        knownHelpers: { raw: true, videos: true, [ATTRIB_DEFAULT]: true },
        knownHelpersOnly: true,
      });
      template({}); // compiles now, so that errors surface here rather than mid-send
      renderers[part] = template;
    } catch (error) {
      if (error instanceof HttpError) throw error;
      const reason = describeTemplateError(error as Error, source);
      throw badRequest(FIELD_OF[part], `Le modèle '${FIELD_OF[part]}' est invalide : ${reason}`);
    }
  }
  const videoBlocks = videoBlocksOfPrograms(programs);
  const provided = new Set<string>([...Object.keys(content.vars), ...CONTACT_KEYS]);
  const data = (part: Part, ampForm?: VideoRenderData['ampForm']): { data: VideoRenderData } => ({
    data: { videos: content.videos, part, lang: content.lang, ampForm },
  });
  return {
    missing: [...used].filter((name) => !provided.has(name)).sort(),
    placesLink,
    tracking: content.tracking === true,
    videoBlocks,
    lang: content.lang || 'fr',
    viewable: content.private !== true,
    render: (contact, given, options = {}) => {
      const links = typeof given === 'string' ? { unsubscribeUrl: given } : given;
      // Every one of MESSAGE_VARIABLES, and only those (the type holds to it), over the delivery's own.
      const variables: Record<MessageVariableName, unknown> = {
        firstname: contact.firstname,
        lastname: contact.lastname,
        email: contact.email,
        attribs: contact.attribs ?? {},
        unsubscribeUrl: links.unsubscribeUrl,
        preferencesUrl: links.preferencesUrl ?? links.unsubscribeUrl,
      };
      const context = { ...content.vars, ...variables };
      return {
        subject: renderers
          .subject(context, data('subject'))
          .replace(/[\r\n]+/g, ' ')
          .trim(),
        html: renderers.html(context, data('html')),
        text: renderers.text(context, data('text')),
        amp: withFormScripts(renderers.amp(context, data('amp', options.ampForm))),
      };
    },
  };
}
