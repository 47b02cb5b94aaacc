/**
 * How deep a document nests its elements, found in one linear pass before the tree is built:
 * an HTML tree builder (parse5 as browsers) costs the square of the nesting depth, so
 * 40,000 unclosed `<div>` (200 kB) take it half a minute. Chrome stops nesting at 512.
 *
 * The pass follows the tree builder closely enough to bound it: void elements and elements
 * whose end tag is optional (`p`, `li`, `td`…: the builder closes them itself) open nothing;
 * `<x/>` opens an `x` as the builder does; an end tag closes up to its element when it is
 * open and is ignored otherwise; raw text (`style`, `script`, `textarea`, `title`…) and
 * comments are skipped.
 */

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr', 'keygen', 'basefont', 'bgsound', 'frame']);
const OPTIONAL_END = new Set(['html', 'head', 'body', 'p', 'li', 'dt', 'dd', 'option', 'optgroup', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'rb', 'rt', 'rp', 'rtc', 'colgroup', 'caption']);
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript']);

const TAG = /<(\/?)([a-zA-Z][^\s/>\0]*)/g;

/** The offset of the first start tag nested deeper than `limit`, or -1. */
export function firstTooDeep(source: string, limit: number): number {
  const open: string[] = [];
  let position = 0;
  while (position < source.length) {
    const next = source.indexOf('<', position);
    if (next === -1) return -1;
    if (source.startsWith('<!--', next)) {
      const end = source.indexOf('-->', next + 4);
      position = end === -1 ? source.length : end + 3;
      continue;
    }
    if (source[next + 1] === '!' || source[next + 1] === '?') {
      const end = source.indexOf('>', next);
      position = end === -1 ? source.length : end + 1;
      continue;
    }
    TAG.lastIndex = next;
    const tag = TAG.exec(source);
    if (!tag || tag.index !== next) {
      position = next + 1;
      continue;
    }
    const name = tag[2].toLowerCase();
    const end = endOfTag(source, TAG.lastIndex);
    position = end;
    if (tag[1]) {
      const at = open.lastIndexOf(name);
      if (at !== -1) open.length = at;
      continue;
    }
    if (RAW_TEXT.has(name)) {
      const close = new RegExp(`</${name}[\\s/>]`, 'gi');
      close.lastIndex = end;
      position = close.exec(source)?.index ?? source.length;
      continue;
    }
    if (VOID.has(name) || OPTIONAL_END.has(name)) continue;
    open.push(name);
    if (open.length > limit) return next;
  }
  return -1;
}

/** Past the `>` that ends a start or end tag begun before `from`, quoted attribute values skipped. */
function endOfTag(source: string, from: number): number {
  let i = from;
  while (i < source.length) {
    const char = source[i];
    if (char === '>') return i + 1;
    if (char === '=') {
      i += 1;
      while (i < source.length && /\s/.test(source[i])) i += 1;
      const quote = source[i];
      if (quote === '"' || quote === "'") {
        const close = source.indexOf(quote, i + 1);
        i = close === -1 ? source.length : close + 1;
        continue;
      }
      continue;
    }
    i += 1;
  }
  return source.length;
}
