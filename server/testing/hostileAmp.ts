/**
 * The AMP documents that held the server (issue 36), at any size: each is `bytes` bytes of
 * ASCII. The validator's fuzz test takes them as seeds, its thread test and
 * bench/ampValidation.bench.ts at full size (400,000 bytes: twice the AMP limit, the largest
 * document the validator parses).
 */
const HEAD =
  '<!doctype html><html amp4email data-css-strict><head><meta charset="utf-8">' +
  '<script async src="https://cdn.ampproject.org/v0.js"></script><style amp4email-boilerplate>body{visibility:hidden}</style>';

/** `before`, then `unit` repeated (the last one cut), then `after`: `bytes` in all. */
function filled(before: string, unit: string, after: string, bytes: number): string {
  const room = Math.max(0, bytes - before.length - after.length);
  return before + unit.repeat(Math.ceil(room / unit.length)).slice(0, room) + after;
}

/** One tag with as many distinct attributes as fit. */
function crowdedTag(bytes: number): string {
  const before = `${HEAD}</head><body><div`;
  const after = '></div></body></html>';
  const names: string[] = [];
  let size = before.length + after.length;
  for (let i = 0; size + ` a${i}`.length <= bytes; i += 1) {
    names.push(` a${i}`);
    size += ` a${i}`.length;
  }
  return filled(before + names.join(''), ' ', after, bytes);
}

export const HOSTILE_AMP_SHAPES = {
  /** `<1` repeated: each `<` made the depth pre-pass's global regex scan the rest of the document. */
  lessThanOne: (bytes: number) => filled('', '<1', '', bytes),
  /** An unclosed `url(` in the stylesheet: tried again from every `url(` after it. */
  unclosedUrlInStylesheet: (bytes: number) => filled(`${HEAD}<style amp-custom>`, 'a{b:url(x ', '</style></head><body></body></html>', bytes),
  /** The same in an inline style. */
  unclosedUrlInline: (bytes: number) => filled(`${HEAD}</head><body><div style="`, 'a:url(x ', '"></div></body></html>', bytes),
  /** Thousands of attributes on one tag: parse5 compares each with every earlier one. */
  attributes: crowdedTag,
  /** `<rb>` in `<rb>`: nested by the parser though its end tag is optional. */
  rubyBases: (bytes: number) => filled(`${HEAD}</head><body>`, '<rb>', '', bytes),
  /** `<li><dd>`: the same with list items and descriptions. */
  listDescriptions: (bytes: number) => filled(`${HEAD}</head><body>`, '<li><dd>', '', bytes),
  /** An unclosed `{{` in a template's link, many times. */
  openMustaches: (bytes: number) =>
    filled(`${HEAD}</head><body><template type="amp-mustache"><a href="`, '{{', '"></a></template></body></html>', bytes),
  /** Plain `<div>` nesting. */
  divs: (bytes: number) => filled(`${HEAD}</head><body>`, '<div>', '', bytes),
} as const;

export type HostileAmpShape = keyof typeof HOSTILE_AMP_SHAPES;
export const HOSTILE_AMP_SHAPE_NAMES = Object.keys(HOSTILE_AMP_SHAPES) as HostileAmpShape[];
