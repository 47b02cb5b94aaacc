/**
 * What AMP4EMAIL allows, written from the AMP project's validator rules for the AMP4EMAIL
 * format (validator-main.protoascii and the extensions' validator-*.protoascii, html_format
 * AMP4EMAIL) and its e-mail spec (docs/spec/email/amp-email-{format,html,components}.md).
 * Only the rules this product checks are here; see index.ts for what is left out.
 */

/** A URL-valued attribute: the schemes it accepts; relative URLs are never accepted in e-mail. */
export interface UrlRule {
  protocols: readonly string[];
  /** AMP's rules on `{{…}}` inside the value (amp-mustache templates): `anchor` for href/src, `none` for action-xhr. */
  mustache: 'anchor' | 'none';
  /** An empty value is refused (`missing-url`). */
  nonEmpty?: boolean;
}

export interface AttrRule {
  /** Allowed values (lower-cased comparison), when the attribute takes only some. */
  values?: readonly string[];
  /** Refused values (lower-cased, whitespace-separated tokens), when it takes any but these. */
  refusedTokens?: readonly string[];
  url?: UrlRule;
}

export interface TagRule {
  /** The tag's own attributes besides the global ones. */
  attrs?: Record<string, AttrRule>;
  /** Attributes it must carry. */
  mandatory?: readonly string[];
  /** The AMP layout attributes (width, height, layout, sizes, heights). */
  layout?: boolean;
  /** The extension script (`custom-element`/`custom-template`) the tag needs in the head. */
  extension?: string;
  /** Only where the browser's parser keeps it: head, or anywhere. */
  inHead?: boolean;
}

const HTTP_HTTPS_MAILTO: UrlRule = { protocols: ['http', 'https', 'mailto'], mustache: 'anchor' };
const HTTPS_SRC: UrlRule = { protocols: ['https'], mustache: 'anchor', nonEmpty: true };
const HTTPS_XHR: UrlRule = { protocols: ['https'], mustache: 'none', nonEmpty: true };
const CITE: Record<string, AttrRule> = { cite: { url: { protocols: ['http', 'https'], mustache: 'anchor' } } };

const none: Record<string, AttrRule> = {};
const any: AttrRule = {};
const names = (...list: string[]): Record<string, AttrRule> => Object.fromEntries(list.map((name) => [name, any]));
const ALIGN = names('align');

/** `name` on form controls (never on a form: it clobbers the DOM). */
const NAME = names('name');

const INPUT_COMMON = names(
  'accept', 'accesskey', 'autocomplete', 'autofocus', 'checked', 'disabled', 'height', 'max', 'maxlength', 'min',
  'minlength', 'multiple', 'pattern', 'placeholder', 'readonly', 'required', 'size', 'spellcheck', 'step',
  'tabindex', 'value', 'width',
  '[autocomplete]', '[checked]', '[disabled]', '[height]', '[max]', '[maxlength]', '[min]', '[minlength]',
  '[multiple]', '[pattern]', '[placeholder]', '[readonly]', '[required]', '[size]', '[spellcheck]', '[step]',
  '[value]', '[width]',
);

/** The layout attributes every AMP element with a layout takes. */
export const LAYOUT_ATTRS = names('width', 'height', 'layout', 'sizes', 'heights', 'media', 'noloading', '[width]', '[height]');

/**
 * Attributes every tag takes ($GLOBAL_ATTRS for AMP4EMAIL). `data-*` and `aria-*` are also
 * taken everywhere (the validator lets `data-` through, and lists every ARIA attribute).
 */
export const GLOBAL_ATTRS: Record<string, AttrRule> = {
  ...names(
    'itemid', 'itemprop', 'itemref', 'itemscope', 'itemtype', 'about', 'content', 'datatype', 'inlist', 'prefix',
    'property', 'resource', 'rev', 'style', 'typeof', 'vocab', 'accesskey', 'class', 'dir', 'draggable', 'id',
    'lang', 'slot', 'tabindex', 'title', 'translate', 'on', 'role', 'placeholder', 'fallback', 'overflow',
    'validation-for', 'visible-when-invalid', 'autoscroll', '[class]', '[hidden]', '[text]',
    'amp-access', 'amp-access-behavior', 'amp-access-hide', 'amp-access-id', 'amp-access-loader',
    'amp-access-loading', 'amp-access-off', 'amp-access-on', 'amp-access-show', 'amp-access-style',
    'amp-access-template',
  ),
  hidden: any,
  rel: {
    refusedTokens: [
      'canonical', 'components', 'dns-prefetch', 'import', 'manifest', 'preconnect', 'preload', 'prerender',
      'serviceworker', 'stylesheet', 'subresource',
    ],
  },
};

/**
 * The extensions AMP4EMAIL accepts (amp-email-components.md and the validator's extension
 * specs with html_format AMP4EMAIL), with the versions their script may load.
 */
export const EXTENSIONS: Record<string, { versions: readonly string[]; template?: boolean }> = {
  'amp-accordion': { versions: ['0.1'] },
  'amp-anim': { versions: ['0.1'] },
  'amp-autocomplete': { versions: ['0.1'] },
  'amp-bind': { versions: ['0.1'] },
  'amp-carousel': { versions: ['0.1', '0.2'] },
  'amp-fit-text': { versions: ['0.1'] },
  'amp-form': { versions: ['0.1'] },
  'amp-image-lightbox': { versions: ['0.1'] },
  'amp-lightbox': { versions: ['0.1'] },
  'amp-list': { versions: ['0.1'] },
  // 0.1 still validates (with a deprecation warning from the AMP validator).
  'amp-mustache': { versions: ['0.1', '0.2'], template: true },
  'amp-selector': { versions: ['0.1'] },
  'amp-sidebar': { versions: ['0.1'] },
  'amp-timeago': { versions: ['0.1'] },
};

/** The AMP runtime every AMP e-mail loads. */
export const RUNTIME_SRC = 'https://cdn.ampproject.org/v0.js';

/** The tags of AMP4EMAIL and their attributes. A tag not listed is refused. */
export const TAGS: Record<string, TagRule> = {
  html: { attrs: names('⚡4email', 'amp4email', 'data-css-strict', 'allow-viewer-render-template') },
  head: {},
  body: {},
  title: {},
  meta: {
    attrs: {
      charset: { values: ['utf-8'] },
      name: { refusedTokens: ['viewport', 'content-disposition', 'revisit-after', 'apple-itunes-app'] },
      ...names('content', 'itemprop', 'property', 'scheme'),
    },
  },
  // <style amp4email-boilerplate> and <style amp-custom> are told apart in index.ts.
  style: { inHead: true, attrs: { 'amp4email-boilerplate': any, 'amp-custom': any, type: { values: ['text/css'] } } },
  // The runtime, extension and JSON scripts are told apart in index.ts.
  script: {
    attrs: {
      async: any,
      src: any,
      'custom-element': any,
      'custom-template': any,
      crossorigin: { values: ['anonymous'] },
      type: { values: ['text/javascript', 'application/json', 'application/ld+json'] },
    },
  },

  // Sections and grouping content.
  article: {},
  section: { attrs: names('expanded', '[data-expand]') },
  nav: {},
  aside: {},
  h1: { attrs: ALIGN },
  h2: { attrs: ALIGN },
  h3: { attrs: ALIGN },
  h4: { attrs: ALIGN },
  h5: { attrs: ALIGN },
  h6: { attrs: ALIGN },
  header: {},
  footer: {},
  address: {},
  p: { attrs: ALIGN },
  hr: {},
  pre: {},
  blockquote: { attrs: { ...ALIGN, ...CITE } },
  ol: { attrs: { reversed: any, start: any, type: { values: ['1', 'a', 'i'] } } },
  ul: {},
  li: { attrs: names('value') },
  dl: {},
  dt: {},
  dd: {},
  figure: {},
  figcaption: {},
  // The form's state blocks; `template` is refused on `submitting` in index.ts.
  div: { attrs: names('align', 'submitting', 'submit-success', 'submit-error', 'template') },
  main: {},

  // Text-level semantics.
  a: {
    attrs: {
      href: { url: HTTP_HTTPS_MAILTO },
      border: any,
      hreflang: any,
      media: any,
      target: { values: ['_blank'] },
      type: { values: ['text/html'] },
    },
  },
  em: {},
  strong: {},
  small: {},
  s: {},
  cite: {},
  q: { attrs: CITE },
  dfn: {},
  abbr: {},
  data: { attrs: names('value') },
  time: { attrs: names('datetime') },
  code: {},
  var: {},
  samp: {},
  kbd: {},
  sub: {},
  sup: {},
  i: {},
  b: {},
  u: {},
  mark: {},
  ruby: {},
  rb: {},
  rt: {},
  rp: {},
  bdo: { attrs: names('dir') },
  span: {},
  br: {},
  wbr: {},
  ins: { attrs: { datetime: any, ...CITE } },
  del: { attrs: { datetime: any, ...CITE } },

  // Tables.
  table: { attrs: { ...names('align', 'bgcolor', 'cellpadding', 'cellspacing', 'width'), border: { values: ['0', '1'] } } },
  caption: {},
  colgroup: { attrs: names('span') },
  col: { attrs: names('span') },
  tbody: {},
  thead: {},
  tfoot: {},
  tr: { attrs: names('align', 'bgcolor', 'height', 'valign') },
  td: { attrs: names('align', 'bgcolor', 'colspan', 'headers', 'height', 'rowspan', 'valign', 'width') },
  th: { attrs: names('abbr', 'align', 'bgcolor', 'colspan', 'headers', 'height', 'rowspan', 'scope', 'valign', 'width') },

  // Forms (amp-form): action-xhr only, never action, target or name.
  form: {
    extension: 'amp-form',
    attrs: {
      ...names('accept', 'accept-charset', 'autocomplete', 'enctype', 'novalidate'),
      'action-xhr': { url: HTTPS_XHR },
      method: { values: ['get', 'post'] },
      'custom-validation-reporting': {
        values: ['as-you-go', 'interact-and-submit', 'show-all-on-submit', 'show-first-on-submit'],
      },
    },
  },
  label: { attrs: names('for') },
  input: {
    attrs: { ...INPUT_COMMON, ...NAME, type: { refusedTokens: ['button', 'file', 'image', 'password'] } },
  },
  button: { attrs: { ...names('disabled', 'role', 'tabindex', 'type', 'value', '[disabled]', '[value]'), ...NAME } },
  select: {
    attrs: { ...names('disabled', 'multiple', 'required', 'size', '[disabled]', '[multiple]', '[required]', '[size]'), ...NAME },
  },
  datalist: {},
  optgroup: { attrs: names('disabled', 'label', '[disabled]', '[label]') },
  option: { attrs: names('disabled', 'label', 'selected', 'value', '[disabled]', '[label]', '[selected]', '[value]') },
  textarea: {
    attrs: {
      ...names(
        'autocomplete', 'autoexpand', 'cols', 'disabled', 'maxlength', 'minlength', 'pattern', 'placeholder', 'readonly',
        'required', 'rows', 'spellcheck', 'wrap', '[autocomplete]', '[cols]', '[defaulttext]', '[disabled]',
        '[maxlength]', '[minlength]', '[pattern]', '[placeholder]', '[readonly]', '[required]', '[rows]',
        '[spellcheck]', '[wrap]',
      ),
      ...NAME,
    },
  },
  output: { attrs: { ...names('for', 'form'), ...NAME } },
  progress: { attrs: names('max', 'value') },
  meter: { attrs: names('high', 'low', 'max', 'min', 'optimum', 'value') },
  fieldset: { attrs: { ...names('disabled', '[disabled]'), ...NAME } },
  legend: {},
  details: { attrs: names('open', '[open]') },
  summary: {},

  // amp-mustache templates.
  template: { extension: 'amp-mustache', attrs: { type: { values: ['amp-mustache'] } }, mandatory: ['type'] },

  // AMP elements allowed in e-mail (no srcset, no [src] binding, https sources only).
  'amp-img': {
    layout: true,
    mandatory: ['src'],
    attrs: { ...names('alt', 'attribution', 'placeholder', '[alt]', '[attribution]'), src: { url: HTTPS_SRC } },
  },
  'amp-anim': {
    layout: true,
    extension: 'amp-anim',
    mandatory: ['src'],
    attrs: { ...names('alt', 'attribution', 'placeholder', '[alt]', '[attribution]'), src: { url: HTTPS_SRC } },
  },
  'amp-layout': { layout: true },
  'amp-accordion': { layout: true, extension: 'amp-accordion', attrs: names('animate', 'expand-single-section') },
  'amp-carousel': {
    layout: true,
    extension: 'amp-carousel',
    attrs: {
      ...names('controls', 'loop', 'autoplay', 'delay', 'slide', '[slide]'),
      type: { values: ['slides', 'carousel'] },
    },
  },
  'amp-fit-text': { layout: true, extension: 'amp-fit-text', attrs: names('min-font-size', 'max-font-size') },
  'amp-list': {
    layout: true,
    extension: 'amp-list',
    attrs: {
      ...names('items', 'max-items', 'single-item', 'reset-on-refresh', 'binding', 'template', 'xssi-prefix', '[is-layout-container]'),
      src: { url: HTTPS_SRC },
    },
  },
  'amp-state': { extension: 'amp-bind', attrs: none },
  'amp-bind-macro': { extension: 'amp-bind', attrs: names('arguments', 'expression'), mandatory: ['id', 'expression'] },
  'amp-selector': {
    layout: true,
    extension: 'amp-selector',
    attrs: { ...names('disabled', 'form', 'multiple', 'keyboard-select-mode', '[disabled]', '[selected]'), ...NAME },
  },
  'amp-sidebar': { layout: true, extension: 'amp-sidebar', attrs: names('side') },
  'amp-timeago': { layout: true, extension: 'amp-timeago', attrs: names('datetime', 'locale', 'cutoff'), mandatory: ['datetime'] },
  'amp-autocomplete': {
    layout: true,
    extension: 'amp-autocomplete',
    attrs: {
      ...names('filter', 'min-characters', 'max-entries', 'suggest-first', 'submit-on-enter', 'highlight-user-entry', 'items', 'inline', 'template', 'query'),
      src: { url: HTTPS_SRC },
    },
  },
  'amp-image-lightbox': { layout: true, extension: 'amp-image-lightbox' },
  'amp-lightbox': { layout: true, extension: 'amp-lightbox', attrs: names('animate-in', 'scrollable') },
};

/** Tags refused with a hint of what e-mail takes instead. */
export const ALTERNATIVES: Record<string, string> = {
  img: 'amp-img',
  picture: 'amp-img',
  video: 'amp-img',
  iframe: 'amp-list',
  'amp-video': 'amp-img',
  'amp-iframe': 'amp-list',
};

/** Inside an amp-selector, any element may be an option. */
export const SELECTOR_OPTION_ATTRS = names('option', 'selected', 'disabled', '[selected]', '[disabled]');
