import type { DefaultTreeAdapterMap } from 'parse5';
import { firstTagWithTooManyAttributes } from './attributes';
import { copy } from './copy';
import { parseWithin } from './parse';
import {
  ALTERNATIVES,
  EXTENSIONS,
  GLOBAL_ATTRS,
  LAYOUT_ATTRS,
  RUNTIME_SRC,
  SELECTOR_OPTION_ATTRS,
  TAGS,
  type AttrRule,
  type TagRule,
  type UrlRule,
} from './rules';

/**
 * The AMP4EMAIL rules, checked offline (no validator of AMP for e-mail runs offline from npm:
 * `amphtml-validator` downloads its engine from the AMP CDN). The source is parsed as a
 * browser parses it (parse5, with source positions), then checked for:
 * - the required markup: `<!doctype html>`, `<html ⚡4email data-css-strict>` (or
 *   `amp4email`), `<head>` with `<meta charset="utf-8">`, the runtime script
 *   https://cdn.ampproject.org/v0.js and `<style amp4email-boilerplate>body{visibility:hidden}</style>`,
 *   and `<body>` (`missing-boilerplate`);
 * - the tags and attributes AMP4EMAIL allows (rules.ts): no `img`, `iframe`, `video`, `svg`,
 *   `link`, custom JavaScript, event handlers, `srcset`, `[src]`/`[href]` bindings, form
 *   `action`/`target`/`name`…; the extension scripts and their versions; the extension each
 *   AMP element needs (`disallowed-tag`, `disallowed-attribute`, `invalid-attribute-value`,
 *   `missing-attribute`, `missing-extension`);
 * - URLs absolute, with the schemes each attribute takes (`relative-url`, `url-protocol`,
 *   `missing-url`), and AMP's rules on `{{…}}` in them inside `<template>`;
 * - CSS: no `!important` (`important`), only `@media` and `@page` (`css-at-rule`), no
 *   `i-amphtml-` names (`css-reserved-name`), each inline `style` ≤ 1,000 bytes
 *   (`inline-style-too-long`), `<style amp-custom>` and inline styles together ≤ 75,000 bytes
 *   (`css-too-long`);
 * - the document ≤ 200,000 bytes (`document-too-long`), its elements nested 512 deep at most
 *   and its tags carrying 256 attributes at most (`document-too-complex`).
 *
 * Every check runs in time linear in the document (a tree builder's cost grows with the square
 * of the nesting depth and of the attributes of one tag: both are bounded before it runs into
 * them, see parse.ts and attributes.ts), the tree is walked without recursion, and at most
 * `AMP4EMAIL_LIMITS.errors` errors are answered, the first in the document. Callers that
 * answer requests run it in a thread with a time limit (thread.ts).
 *
 * Not checked (the AMP validator checks them; mail clients rarely meet them): the CSS
 * property and selector allowlists of `data-css-strict`, the layout attributes' values, which
 * children each AMP element takes, and nesting rules of amp-list/amp-state inside templates.
 */

export type Amp4EmailRule =
  | 'document-too-long'
  | 'document-too-complex'
  | 'missing-boilerplate'
  | 'disallowed-tag'
  | 'disallowed-attribute'
  | 'invalid-attribute-value'
  | 'missing-attribute'
  | 'missing-extension'
  | 'relative-url'
  | 'url-protocol'
  | 'missing-url'
  | 'important'
  | 'css-at-rule'
  | 'css-reserved-name'
  | 'inline-style-too-long'
  | 'css-too-long';

/** One fault: where it starts (1-based line and column, in UTF-16 code units as editors count), which rule, and why in French. */
export interface Amp4EmailError {
  line: number;
  column: number;
  rule: Amp4EmailRule;
  message: string;
}

export const AMP4EMAIL_LIMITS = {
  documentBytes: 200_000,
  /** Elements nested in one another, `<html>` the first (Chrome's parser stops at 512); a deeper tree is not built (parse.ts). */
  depth: 512,
  /** Attributes of one tag (parse5 compares each with every earlier one); a document past it is not parsed (attributes.ts). */
  attributes: 256,
  /** Errors answered, the first in the document: a hostile document can hold one per few bytes. */
  errors: 200,
  cssBytes: 75_000,
  inlineStyleBytes: 1_000,
} as const;

export interface Amp4EmailOptions {
  /**
   * The source is a Handlebars template rendered at send time: an attribute value holding a
   * `{{…}}` outside `<template>` is only known once rendered, so its URL is not judged here
   * (the rendered message is checked again before it is sent).
   */
  handlebars?: boolean;
}

type Node = DefaultTreeAdapterMap['node'];
type ParentNode = DefaultTreeAdapterMap['parentNode'];
type Element = DefaultTreeAdapterMap['element'];
type Template = DefaultTreeAdapterMap['template'];

const isElement = (node: Node): node is Element => 'tagName' in node;
const attrOf = (element: Element, name: string) => element.attrs.find((attr) => attr.name === name)?.value;
const hasAttr = (element: Element, name: string) => element.attrs.some((attr) => attr.name === name);
const bytesOf = (text: string) => Buffer.byteLength(text, 'utf8');

const BOILERPLATE = /^\s*body\s*\{\s*visibility\s*:\s*hidden\s*;?\s*\}\s*$/;
const IMPORTANT = /!\s*important/gi;
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
/** A `{{` closed by a later `}}` (indexOf: a lazy regex tried from every `{{` costs the square of the value). */
const hasCompleteMustache = (value: string) => {
  const open = value.indexOf('{{');
  return open !== -1 && value.indexOf('}}', open + 2) !== -1;
};
/** The record's own entry (rules are plain objects: `constructor` is no tag, attribute or extension). */
const own = <T>(record: Record<string, T> | undefined, key: string): T | undefined =>
  record && Object.hasOwn(record, key) ? record[key] : undefined;
/** AMP4EMAIL's refusals of `{{…}}` in href/src inside amp-mustache templates (validator-main.protoascii). */
const MUSTACHE_IN_URL = [/(.|\s)\{\{/, /\}\}(.|\s)/, /^\{\{.*[^}][^}]$/, /^[^{][^{].*\}\}$/, /^\}\}/, /\{\{$/, /\{\{#/, /\{\{\//, /\{\{\^/];

/** Validates an AMP for e-mail document; an empty list when it is valid. */
export function validateAmp4Email(source: string, options: Amp4EmailOptions = {}): Amp4EmailError[] {
  return new Validator(source, options).run();
}

interface Context {
  inTemplate: boolean;
  inSelector: boolean;
  parent: Element | null;
}

class Validator {
  private readonly errors: Amp4EmailError[] = [];
  private readonly lineStarts: number[] = [0];
  private cssBytes = 0;
  private cssReported = false;
  private readonly extensionsLoaded = new Set<string>();
  private readonly extensionsUsed = new Map<string, { offset: number; tag: string }>();
  private readonly seen = { runtime: 0, boilerplate: 0, custom: 0, charset: 0 };

  constructor(
    private readonly source: string,
    private readonly options: Amp4EmailOptions,
  ) {
    for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }

  run(): Amp4EmailError[] {
    const size = bytesOf(this.source);
    this.checkDocumentSize(size);
    // Twice the limit and more, a tag with too many attributes or nesting too deep: refused without building its tree, whose cost would grow with it.
    if (size > 2 * AMP4EMAIL_LIMITS.documentBytes) return this.errors;
    const crowded = firstTagWithTooManyAttributes(this.source, AMP4EMAIL_LIMITS.attributes);
    if (crowded !== -1) {
      this.add(crowded, 'document-too-complex', copy.tooManyAttributes(AMP4EMAIL_LIMITS.attributes));
      return this.sorted();
    }
    const parsed = parseWithin(this.source, AMP4EMAIL_LIMITS.depth);
    if ('tooDeepAt' in parsed) {
      this.add(parsed.tooDeepAt, 'document-too-complex', copy.tooDeep(AMP4EMAIL_LIMITS.depth));
      return this.sorted();
    }
    const { document } = parsed;
    const doctype = document.childNodes.find((node) => node.nodeName === '#documentType');
    if (!doctype || (doctype as DefaultTreeAdapterMap['documentType']).name !== 'html') this.add(0, 'missing-boilerplate', copy.noDoctype());
    const html = document.childNodes.find(isElement);
    if (html) {
      this.checkRequiredMarkup(html);
      this.walk(html);
    }
    for (const [extension, use] of this.extensionsUsed) {
      if (!this.extensionsLoaded.has(extension)) this.add(use.offset, 'missing-extension', copy.missingExtension(use.tag, extension));
    }
    return this.sorted();
  }

  private sorted(): Amp4EmailError[] {
    return this.errors.sort((a, b) => a.line - b.line || a.column - b.column).slice(0, AMP4EMAIL_LIMITS.errors);
  }

  private add(offset: number, rule: Amp4EmailRule, message: string) {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    this.errors.push({ line: low + 1, column: offset - this.lineStarts[low] + 1, rule, message });
  }

  private checkDocumentSize(size: number) {
    if (size <= AMP4EMAIL_LIMITS.documentBytes) return;
    // Where the byte past the limit falls: the fault starts there.
    const kept = new TextDecoder().decode(Buffer.from(this.source, 'utf8').subarray(0, AMP4EMAIL_LIMITS.documentBytes));
    const offset = Math.min(kept.length, this.source.length - 1);
    this.add(offset, 'document-too-long', copy.documentTooLong(size, AMP4EMAIL_LIMITS.documentBytes));
  }

  /** The offset of an element's start tag, or of the nearest written ancestor for one the parser implied. */
  private offsetOf(node: Element | null, fallback = 0): number {
    return node?.sourceCodeLocation?.startOffset ?? fallback;
  }

  private checkRequiredMarkup(html: Element) {
    const written = Boolean(html.sourceCodeLocation);
    const htmlOffset = this.offsetOf(html);
    if (!written) this.add(0, 'missing-boilerplate', copy.noHtmlTag());
    else {
      if (!hasAttr(html, '⚡4email') && !hasAttr(html, 'amp4email')) this.add(htmlOffset, 'missing-boilerplate', copy.notAmp4Email());
      if (!hasAttr(html, 'data-css-strict')) this.add(htmlOffset, 'missing-boilerplate', copy.noCssStrict());
    }
    const head = html.childNodes.find((node): node is Element => isElement(node) && node.tagName === 'head');
    const body = html.childNodes.find((node): node is Element => isElement(node) && node.tagName === 'body');
    if (written && !head?.sourceCodeLocation) this.add(htmlOffset, 'missing-boilerplate', copy.noHead());
    if (written && !body?.sourceCodeLocation) this.add(htmlOffset, 'missing-boilerplate', copy.noBody());
    const headOffset = this.offsetOf(head ?? null, htmlOffset);
    const inHead = (head?.childNodes ?? []).filter(isElement);
    if (!inHead.some((element) => element.tagName === 'meta' && attrOf(element, 'charset')?.toLowerCase() === 'utf-8')) {
      this.add(headOffset, 'missing-boilerplate', copy.noCharset());
    }
    if (!inHead.some((element) => element.tagName === 'script' && attrOf(element, 'src') === RUNTIME_SRC)) {
      this.add(headOffset, 'missing-boilerplate', copy.noRuntime());
    }
    if (!inHead.some((element) => element.tagName === 'style' && hasAttr(element, 'amp4email-boilerplate'))) {
      this.add(headOffset, 'missing-boilerplate', copy.noBoilerplate());
    }
  }

  /**
   * Checks every element in document order, with a stack of its own (a recursion would overflow
   * the call stack on a deep tree); the depth is measured on the tree as built.
   */
  private walk(html: Element) {
    const pending: Array<{ element: Element; context: Context; depth: number }> = [
      { element: html, context: { inTemplate: false, inSelector: false, parent: null }, depth: 1 },
    ];
    let deepReported = false;
    for (let next = pending.pop(); next; next = pending.pop()) {
      const { element, context, depth } = next;
      if (depth > AMP4EMAIL_LIMITS.depth) {
        if (!deepReported) this.add(this.offsetOf(element, this.offsetOf(context.parent)), 'document-too-complex', copy.tooDeep(AMP4EMAIL_LIMITS.depth));
        deepReported = true;
        continue;
      }
      const inner = this.checkElement(element, context);
      if (!inner) continue;
      const children: ParentNode = element.tagName === 'template' ? (element as Template).content : element;
      for (let i = children.childNodes.length - 1; i >= 0; i -= 1) {
        const child = children.childNodes[i];
        if (isElement(child)) pending.push({ element: child, context: inner, depth: depth + 1 });
      }
    }
  }

  /** Checks one element; answers the context of its children, or null when they are not looked at. */
  private checkElement(element: Element, context: Context): Context | null {
    const name = element.tagName.toLowerCase();
    const offset = this.offsetOf(element, this.offsetOf(context.parent));
    const rule = own(TAGS, name);
    if (!rule) {
      this.add(offset, 'disallowed-tag', copy.disallowedTag(name, own(ALTERNATIVES, name)));
      return null; // what is inside a refused tag is not looked at: one error says it
    }
    // What a script or a style holds is text: no element below it to look at.
    if (name === 'script' || name === 'style') {
      if (name === 'script') this.checkScript(element, offset, context);
      else this.checkStyle(element, offset, context);
      return null;
    }
    if (name === 'template') {
      if (context.inTemplate) {
        this.add(offset, 'disallowed-tag', copy.templateInTemplate());
        return null;
      }
      if (attrOf(element, 'type') === 'amp-mustache') this.use('amp-mustache', offset, name);
    } else if (rule.extension) this.use(rule.extension, offset, name);

    this.checkAttributes(element, name, rule, offset, context);
    this.checkSpecialCases(element, name, offset);

    return {
      inTemplate: context.inTemplate || name === 'template',
      inSelector: context.inSelector || name === 'amp-selector',
      parent: element,
    };
  }

  private use(extension: string, offset: number, tag: string) {
    if (!this.extensionsUsed.has(extension)) this.extensionsUsed.set(extension, { offset, tag });
  }

  private checkAttributes(element: Element, name: string, rule: TagRule, offset: number, context: Context) {
    for (const { name: attr, value } of element.attrs) {
      const spec: AttrRule | undefined =
        own(rule.attrs, attr) ??
        own(GLOBAL_ATTRS, attr) ??
        (rule.layout ? own(LAYOUT_ATTRS, attr) : undefined) ??
        (context.inSelector ? own(SELECTOR_OPTION_ATTRS, attr) : undefined) ??
        (/^(data|aria)-[a-z0-9_.:-]+$/.test(attr) || /^\[aria-[a-z]+\]$/.test(attr) ? {} : undefined);
      if (!spec) {
        this.add(offset, 'disallowed-attribute', copy.disallowedAttr(attr, name));
        continue;
      }
      if (attr.startsWith('[')) this.use('amp-bind', offset, name);
      if (attr === 'style') this.checkInlineStyle(element, name, value, offset);
      this.checkValue(spec, attr, value, name, offset, context);
    }
    for (const attr of rule.mandatory ?? []) {
      if (!hasAttr(element, attr)) this.add(offset, 'missing-attribute', copy.missingAttr(attr, name));
    }
  }

  private checkValue(spec: AttrRule, attr: string, value: string, name: string, offset: number, context: Context) {
    const templated = value.includes('{{') && (context.inTemplate || this.options.handlebars);
    if (spec.url) return this.checkUrl(spec.url, attr, value, name, offset, context);
    if (templated) return;
    if (spec.values && !spec.values.includes(value.trim().toLowerCase())) {
      this.add(offset, 'invalid-attribute-value', copy.invalidValue(attr, name, value));
    }
    if (spec.refusedTokens && value.toLowerCase().split(/\s+/).some((token) => spec.refusedTokens?.includes(token))) {
      this.add(offset, 'invalid-attribute-value', copy.invalidValue(attr, name, value));
    }
  }

  private checkUrl(rule: UrlRule, attr: string, value: string, name: string, offset: number, context: Context) {
    if (context.inTemplate && hasCompleteMustache(value)) {
      // amp-mustache fills it in the mail client: AMP's rules on where `{{…}}` may stand.
      const refused = rule.mustache === 'none' ? /\{\{|\}\}/.test(value) : MUSTACHE_IN_URL.some((pattern) => pattern.test(value));
      if (refused) this.add(offset, 'invalid-attribute-value', copy.invalidValue(attr, name, value));
      return;
    }
    const url = value.trim();
    const scheme = SCHEME.exec(url)?.[1].toLowerCase();
    if (this.options.handlebars && !context.inTemplate && url.includes('{{') && !scheme) return; // known once rendered
    if (url === '') {
      this.add(offset, 'missing-url', copy.missingUrl(attr, name));
    } else if (!scheme) {
      this.add(offset, 'relative-url', copy.relativeUrl(value, attr, name, rule.protocols));
    } else if (!rule.protocols.includes(scheme)) {
      this.add(offset, 'url-protocol', copy.badProtocol(scheme, attr, name, rule.protocols));
    }
  }

  /** Rules that tie two attributes, or an attribute to the tag's place. */
  private checkSpecialCases(element: Element, name: string, offset: number) {
    if (name === 'div' && hasAttr(element, 'submitting') && hasAttr(element, 'template')) {
      this.add(offset, 'disallowed-attribute', copy.disallowedAttr('template', 'div submitting'));
    }
    if (name === 'form' && attrOf(element, 'method')?.toLowerCase() === 'post' && !hasAttr(element, 'action-xhr')) {
      this.add(offset, 'missing-attribute', copy.missingAttr('action-xhr', name));
    }
  }

  private checkScript(element: Element, offset: number, context: Context) {
    const src = attrOf(element, 'src');
    const extension = attrOf(element, 'custom-element') ?? attrOf(element, 'custom-template');
    const type = attrOf(element, 'type')?.trim().toLowerCase();
    let allowed: string[];
    if (src === RUNTIME_SRC && extension === undefined) {
      allowed = ['async', 'src', 'crossorigin', 'type'];
      this.seen.runtime += 1;
      if (this.seen.runtime === 2) this.add(offset, 'disallowed-tag', copy.duplicate('Le script https://cdn.ampproject.org/v0.js'));
    } else if (extension !== undefined) {
      const kind = hasAttr(element, 'custom-element') ? 'custom-element' : 'custom-template';
      allowed = ['async', 'src', kind, 'crossorigin', 'type'];
      const known = own(EXTENSIONS, extension);
      if (!known || Boolean(known.template) !== (kind === 'custom-template')) {
        this.add(offset, 'invalid-attribute-value', copy.unknownExtension(extension));
      } else {
        const version = new RegExp(`^https://cdn\\.ampproject\\.org/v0/${extension}-(\\d+\\.\\d+)\\.js$`).exec(src ?? '')?.[1];
        if (!version || !known.versions.includes(version)) this.add(offset, 'invalid-attribute-value', copy.badExtensionSrc(extension, src ?? ''));
        else this.extensionsLoaded.add(extension);
      }
    } else if (type === 'application/ld+json' || (type === 'application/json' && ['amp-state', 'amp-autocomplete'].includes(context.parent?.tagName ?? ''))) {
      allowed = ['type', 'id'];
    } else {
      this.add(offset, 'disallowed-tag', copy.customScript());
      return;
    }
    if ((src === RUNTIME_SRC || extension !== undefined) && context.parent?.tagName !== 'head') {
      this.add(offset, 'disallowed-tag', copy.onlyInHead('script'));
    }
    for (const { name: attr, value } of element.attrs) {
      if (!allowed.includes(attr) && !own(GLOBAL_ATTRS, attr)) this.add(offset, 'disallowed-attribute', copy.disallowedAttr(attr, 'script'));
      else if (attr === 'crossorigin' || (attr === 'type' && (src === RUNTIME_SRC || extension !== undefined))) {
        const rule = own(TAGS.script.attrs, attr);
        if (rule?.values && !(attr === 'type' ? ['text/javascript'] : rule.values).includes(value.trim().toLowerCase())) {
          this.add(offset, 'invalid-attribute-value', copy.invalidValue(attr, 'script', value));
        }
      }
    }
  }

  private checkStyle(element: Element, offset: number, context: Context) {
    if (context.parent?.tagName !== 'head') {
      this.add(offset, 'disallowed-tag', copy.onlyInHead('style'));
      return;
    }
    const text = element.childNodes.map((node) => ('value' in node && node.nodeName === '#text' ? node.value : '')).join('');
    const boilerplate = hasAttr(element, 'amp4email-boilerplate');
    const custom = hasAttr(element, 'amp-custom');
    for (const { name: attr, value } of element.attrs) {
      if (attr === (boilerplate ? 'amp4email-boilerplate' : 'amp-custom')) continue;
      if (attr === 'type' && !boilerplate) {
        if (value.trim().toLowerCase() !== 'text/css') this.add(offset, 'invalid-attribute-value', copy.invalidValue(attr, 'style', value));
      } else this.add(offset, 'disallowed-attribute', copy.disallowedAttr(attr, 'style'));
    }
    if (boilerplate) {
      this.seen.boilerplate += 1;
      if (this.seen.boilerplate === 2) this.add(offset, 'disallowed-tag', copy.duplicate('Le style amp4email-boilerplate'));
      if (!BOILERPLATE.test(text)) this.add(offset, 'missing-boilerplate', copy.wrongBoilerplate());
      return;
    }
    if (!custom) {
      this.add(offset, 'missing-attribute', copy.missingAttr('amp-custom', 'style'));
      return;
    }
    this.seen.custom += 1;
    if (this.seen.custom === 2) this.add(offset, 'disallowed-tag', copy.duplicate('Le style amp-custom'));
    const textNode = element.childNodes.find((node) => node.nodeName === '#text');
    const textOffset = textNode?.sourceCodeLocation?.startOffset ?? element.sourceCodeLocation?.startTag?.endOffset ?? offset;
    this.checkStylesheet(text, textOffset, offset);
    this.countCss(bytesOf(text), offset);
  }

  /** `<style amp-custom>`: CSS that AMP for e-mail refuses, at the place it stands. */
  private checkStylesheet(css: string, textOffset: number, tagOffset: number) {
    const scan = blankCommentsStringsAndUrls(css);
    for (const match of scan.matchAll(IMPORTANT)) this.add(textOffset + match.index, 'important', copy.important());
    for (const match of scan.matchAll(/@(-?[a-zA-Z][a-zA-Z0-9-]*)/g)) {
      const rule = match[1].toLowerCase();
      if (rule !== 'media' && rule !== 'page') this.add(textOffset + match.index, 'css-at-rule', copy.atRule(match[1]));
    }
    if (/(^|\W)i-amphtml-/.test(css)) this.add(tagOffset, 'css-reserved-name', copy.reservedName());
  }

  private checkInlineStyle(element: Element, name: string, value: string, offset: number) {
    const size = bytesOf(value);
    if (size > AMP4EMAIL_LIMITS.inlineStyleBytes) {
      this.add(offset, 'inline-style-too-long', copy.inlineStyleTooLong(name, size, AMP4EMAIL_LIMITS.inlineStyleBytes));
    }
    const location = element.sourceCodeLocation?.attrs?.style;
    const raw = location ? this.source.slice(location.startOffset, location.endOffset) : '';
    const valueStart = location ? location.startOffset + (/^style\s*=\s*["']?/i.exec(raw)?.[0].length ?? 0) : offset;
    const scan = blankCommentsStringsAndUrls(location ? raw.slice(valueStart - location.startOffset) : value);
    const found = [...scan.matchAll(IMPORTANT)];
    for (const match of found) this.add(valueStart + match.index, 'important', copy.important());
    // Written with character references (`&#33;important`): found in the value only.
    if (found.length === 0 && /!\s*important/i.test(value)) this.add(offset, 'important', copy.important());
    if (/(^|[;\s])(--)?i-amphtml-/i.test(value)) this.add(offset, 'css-reserved-name', copy.reservedName());
    this.countCss(size, offset);
  }

  /** Adds to the document's CSS; the stylesheet or inline style that goes past the limit is the fault. */
  private countCss(size: number, offset: number) {
    this.cssBytes += size;
    if (this.cssBytes > AMP4EMAIL_LIMITS.cssBytes && !this.cssReported) {
      this.cssReported = true;
      this.add(offset, 'css-too-long', copy.cssTooLong(this.cssBytes, AMP4EMAIL_LIMITS.cssBytes));
    }
  }
}

/**
 * CSS with its comments, strings and url(…) arguments blanked out (same length, newlines kept),
 * so that `@` and `!important` are only found where they are CSS.
 */
function blankCommentsStringsAndUrls(css: string): string {
  return css.replace(CSS_OPAQUE, (text) => text.replace(/[^\n]+/g, (run) => ' '.repeat(run.length)));
}

/**
 * Comments, strings and unquoted url(…) arguments, whichever starts first; each unclosed one
 * runs to the end, as CSS reads it (a `url(` that had to find its `)` was tried again from
 * every `url(` after it: the square of the stylesheet).
 */
const CSS_OPAQUE = /\/\*[\s\S]*?(?:\*\/|$)|"(?:[^"\\\n]|\\[\s\S])*"?|'(?:[^'\\\n]|\\[\s\S])*'?|url\(\s*[^)"'\s][^)]*(?:\)|$)/gi;

