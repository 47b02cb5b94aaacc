import fc from 'fast-check';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { HOSTILE_AMP_SHAPE_NAMES, HOSTILE_AMP_SHAPES } from '../../testing/hostileAmp';
import { firstTagWithTooManyAttributes } from './attributes';
import { AMP4EMAIL_LIMITS, validateAmp4Email, type Amp4EmailError } from '.';

/**
 * The validator's fuzz test (issue 36): documents made of the pieces that broke it (a `<` that
 * opens nothing, unclosed `url(` and `{{`, attributes, elements whose end tag is optional, raw
 * text, foreign content, misnested formatting), the documents that held the server as seeds.
 * Whatever the document, the validator answers (no exception, no stack overflow), in time
 * linear in its size, with well-formed errors.
 */

const PIECES = [
  '<1', '<', '>', '/', '"', "'", '=', ' ', '\n', 'x', '<!--', '-->', '<!doctype html>',
  '<html amp4email data-css-strict>', '<head>', '</head>', '<body>', '</body>',
  '<rb>', '<rt>', '<li>', '<dd>', '<dt>', '<p>', '</p>', '<td>', '<tr>', '<table>', '</table>', '<option>', '<select>',
  '<div>', '</div>', '<div', ' a', ' b=1', ' style="', 'url(', ')', '{{', '}}', '!important', '@import', '/*', '*/',
  '<style amp-custom>', '</style>', '<script>', '</script>', '<template type="amp-mustache">', '</template>',
  '<a href="', '<svg>', '<math>', '<textarea>', '<plaintext>', '<b>', '</b>', '<i>', '</i>', '<amp-img',
  ' constructor', '<constructor>', ' custom-element="constructor"', '<form method="post">',
];

const documents = fc.array(fc.constantFrom(...PIECES), { maxLength: 400 }).map((pieces) => pieces.join(''));

/** The seeds, at a size the suite runs quickly (the bench runs them at 400 kB). */
const SEEDS: [string][] = HOSTILE_AMP_SHAPE_NAMES.map((name) => [HOSTILE_AMP_SHAPES[name](24_000)]);

const RULES = new Set([
  'document-too-long', 'document-too-complex', 'missing-boilerplate', 'disallowed-tag', 'disallowed-attribute',
  'invalid-attribute-value', 'missing-attribute', 'missing-extension', 'relative-url', 'url-protocol', 'missing-url',
  'important', 'css-at-rule', 'css-reserved-name', 'inline-style-too-long', 'css-too-long',
]);

function wellFormed(source: string, errors: Amp4EmailError[]): boolean {
  const lines = source.split('\n').length;
  return (
    errors.length <= AMP4EMAIL_LIMITS.errors &&
    errors.every((e) => RULES.has(e.rule) && e.line >= 1 && e.line <= lines && e.column >= 1 && e.message.length > 0 && e.message.length < 1_000)
  );
}

type Element = DefaultTreeAdapterMap['element'];

/** The most attributes of one element parse5 builds from `source` (a tree walked with a stack). */
function mostAttributes(source: string): number {
  let most = 0;
  const pending: DefaultTreeAdapterMap['parentNode'][] = [parse(source)];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if ('attrs' in node) most = Math.max(most, (node as Element).attrs.length);
    if ('content' in node) pending.push((node as DefaultTreeAdapterMap['template']).content);
    for (const child of node.childNodes) if ('childNodes' in child) pending.push(child);
  }
  return most;
}

describe('the AMP validator under fuzzing', () => {
  it('answers every document, seeds included, with well-formed errors and no exception', () => {
    fc.assert(
      fc.property(documents, (source) => {
        const started = performance.now();
        const errors = validateAmp4Email(source, { handlebars: true });
        // Linear: far under a second for these sizes (a quadratic scan took seconds at 24 kB in a loaded run).
        return wellFormed(source, errors) && performance.now() - started < 2_000;
      }),
      { numRuns: 300, examples: SEEDS },
    );
  });

  it('refuses the seeds that held the server for what they are, in time linear in their size', () => {
    const timed = (source: string) => {
      const started = performance.now();
      const rules = validateAmp4Email(source, { handlebars: true }).map((e) => e.rule);
      return { rules, ms: performance.now() - started };
    };
    // 100 kB: the quadratic scans took 2 to 7 s on them, a document of plain paragraphs as long takes a tenth of a second.
    const plain = timed(HOSTILE_AMP_SHAPES.divs(0) + '<p>x</p>'.repeat(12_500)).ms;
    for (const name of HOSTILE_AMP_SHAPE_NAMES) {
      const { rules, ms } = timed(HOSTILE_AMP_SHAPES[name](100_000));
      const complex = ['attributes', 'rubyBases', 'listDescriptions', 'divs'].includes(name);
      expect({ name, tooComplex: rules.includes('document-too-complex'), linear: ms < 10 * plain + 500 }).toEqual({ name, tooComplex: complex, linear: true });
    }
  });

  it('bounds the attributes of every tag the parser builds: none has more than the pre-scan found', () => {
    fc.assert(
      fc.property(documents, fc.integer({ min: 0, max: 4 }), (source, limit) =>
        firstTagWithTooManyAttributes(source, limit) !== -1 || mostAttributes(source) <= limit,
      ),
      { numRuns: 500 },
    );
  });

  it('counts a real tag exactly: refused one attribute past the limit, taken at it', () => {
    const tag = (count: number) => `<p><div ${Array.from({ length: count }, (_, i) => `a${i}="x>y"`).join('')}></div>`;
    expect(firstTagWithTooManyAttributes(tag(256), 256)).toBe(-1);
    expect(firstTagWithTooManyAttributes(tag(257), 256)).toBe(3);
    expect(validateAmp4Email(tag(257)).map((e) => e.rule)).toEqual(['document-too-complex']);
  });
});
