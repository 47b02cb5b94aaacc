import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AMP4EMAIL_LIMITS, validateAmp4Email, type Amp4EmailError, type Amp4EmailRule } from '.';

/*
 * The AMP validator's own cases (fixtures/, see its NOTICE): each `.out` says PASS or FAIL and
 * lists the validator's messages at their line and column (0-based). Each message is mapped to
 * the rule of ours that says the same thing, or to a reason why this module leaves it to the
 * AMP validator. A valid case must give no error (beyond where the issue asks more than AMP);
 * an invalid case must give at least every error its `.out` names, at the same place.
 */

const FIXTURES = join(__dirname, 'fixtures');

const RULE_OF: [RegExp, Amp4EmailRule][] = [
  [/^The relative URL /, 'relative-url'],
  [/^Invalid URL protocol /, 'url-protocol'],
  [/^Missing URL for attribute /, 'missing-url'],
  [/^The attribute '[^']+' may not appear in tag /, 'disallowed-attribute'],
  [/^The attribute '[^']+' in tag '[^']+' is set to the invalid value /, 'invalid-attribute-value'],
  [/^The tag '[^']+' is disallowed/, 'disallowed-tag'],
  [/^The tag 'TEMPLATE \(AMP4EMAIL\)' may not appear as a descendant of tag 'template/, 'disallowed-tag'],
  [/^The mandatory attribute /, 'missing-attribute'],
  [/^The mandatory tag /, 'missing-boilerplate'],
  [/is missing the corresponding attribute 'data-css-strict'/, 'missing-boilerplate'],
  [/^CSS syntax error in tag 'style amp-custom' - saw invalid at rule /, 'css-at-rule'],
  [/contains 'CSS i-amphtml- name prefix', which is disallowed/, 'css-reserved-name'],
  [/^The property '(--)?i-amphtml-[^']*' in attribute 'style' /, 'css-reserved-name'],
  [/contains 'CSS !important', which is disallowed/, 'important'],
  [/^The inline style specified in tag '[^']+' is too long/, 'inline-style-too-long'],
  [/^The author stylesheet specified in tag '[^']+' (and the combined inline styles )?is too/, 'css-too-long'],
  [/^Document exceeded /, 'document-too-long'],
  [/^The document is too complex/, 'document-too-complex'],
  [/requires including the '[^']+' extension JavaScript/, 'missing-extension'],
];

/** The validator's messages this module does not reproduce, and why. */
const OUT_OF_SCOPE: [RegExp, string][] = [
  [/^Incomplete layout attributes/, 'layout attribute values are the AMP runtime’s to lay out; no mail client drops the part for them'],
  [/is disallowed as (first )?child of tag|must have \d+ child tags/, 'which children each AMP element takes: component grammar, not e-mail safety'],
  [/^The tag '(AMP-LIST|amp-state) \(AMP4EMAIL\)' may not appear as a descendant of tag/, 'nesting of amp-list/amp-state in templates: component grammar'],
  [/may not appear as a descendant of tag 'form div \[submitting\]'/, 'templates inside a form’s submitting block: component grammar'],
  [/^CSS error in tag 'style amp-custom' - disallowed (attribute selector|pseudo class|pseudo element)/, 'the selector allowlist of data-css-strict'],
  [/^CSS syntax error in tag 'style amp-custom' - end of stylesheet/, 'CSS syntax errors: mail clients drop the rule, not the part'],
  [/is referenced at version '[^']+' which is a deprecated version/, 'a deprecation warning: the AMP validator still passes the document'],
];

/** Where the issue asks more than the AMP validator of these valid cases: `data-css-strict` is required here, AMP only warns (or, in older cases, says nothing). */
const STRICTER: Record<string, Amp4EmailRule[]> = { meta: ['missing-boilerplate'] };

interface Expected {
  rule: Amp4EmailRule;
  line: number;
  column: number;
  text: string;
}

function readCase(name: string) {
  const out = readFileSync(join(FIXTURES, `${name}.out`), 'utf8');
  const html = readFileSync(join(FIXTURES, `${name}.html`), 'utf8');
  const expected: Expected[] = [];
  const outOfScope: string[] = [];
  const unclassified: string[] = [];
  for (const line of out.split('\n')) {
    const match = /^amp4email_feature_tests\/[^:]+:(\d+):(\d+) (.*)$/.exec(line);
    if (!match) continue;
    const text = match[3];
    const rule = RULE_OF.find(([pattern]) => pattern.test(text))?.[1];
    if (rule) expected.push({ rule, line: Number(match[1]), column: Number(match[2]) + 1, text });
    else if (OUT_OF_SCOPE.some(([pattern]) => pattern.test(text))) outOfScope.push(text);
    else unclassified.push(text);
  }
  return { valid: out.startsWith('PASS'), html, expected, outOfScope, unclassified };
}

const caseNames = readdirSync(FIXTURES)
  .filter((file) => file.endsWith('.out'))
  .map((file) => file.slice(0, -'.out'.length))
  .sort();

const at = (errors: Amp4EmailError[]) => errors.map(({ rule, line, column }) => `${rule}@${line}:${column}`);

describe("the AMP validator's own cases", () => {
  it('are all here, valid and invalid', () => {
    expect(caseNames.length).toBeGreaterThanOrEqual(15);
    expect(caseNames.filter((name) => readCase(name).valid).length).toBeGreaterThanOrEqual(5);
    expect(caseNames.filter((name) => !readCase(name).valid).length).toBeGreaterThanOrEqual(10);
  });

  it.each(caseNames)('%s: every message of the validator is mapped to a rule or said out of scope', (name) => {
    expect(readCase(name).unclassified).toEqual([]);
  });

  it.each(caseNames)('%s: gives the errors the validator names, where it names them', (name) => {
    const { valid, html, expected } = readCase(name);
    const errors = validateAmp4Email(html);
    for (const want of expected) {
      expect(at(errors)).toContain(`${want.rule}@${want.line}:${want.column}`);
    }
    if (valid) {
      const allowed = new Set([...expected.map((want) => `${want.rule}@${want.line}:${want.column}`)]);
      const extra = errors.filter((error) => !allowed.has(at([error])[0]) && !(STRICTER[name] ?? []).includes(error.rule));
      expect(extra).toEqual([]);
    } else {
      expect(errors.length).toBeGreaterThanOrEqual(expected.length);
      expect(errors.length).toBeGreaterThan(0);
    }
  });

  it('counts the invalid cases whose every error is in scope among those it checks (not a silent pass)', () => {
    const covered = caseNames.filter((name) => !readCase(name).valid && readCase(name).expected.length > 0);
    expect(covered.length).toBeGreaterThanOrEqual(9);
  });
});

describe('the size limits, as the validator tests them (its templated cases)', () => {
  const cssCase = readCase('css_length_strict').html;
  const docCase = readCase('doc_size').html;
  /** A CSS comment of exactly `size` bytes. */
  const cssOf = (size: number) => `/*${'x'.repeat(size - 4)}*/`;
  /** Declarations of exactly `size` bytes. */
  const inlineOf = (size: number) => `color:red;${' '.repeat(size - 'color:red;'.length)}`;
  const withCss = (css: string, inline = '') => cssCase.replace('.replace_amp_custom {}', css).replace('replace_inline_style', inline);

  it('takes a stylesheet of 75,000 bytes and refuses one byte more, at the stylesheet', () => {
    expect(validateAmp4Email(withCss(cssOf(AMP4EMAIL_LIMITS.cssBytes)))).toEqual([]);
    const errors = validateAmp4Email(withCss(cssOf(AMP4EMAIL_LIMITS.cssBytes + 1)));
    expect(errors).toEqual([
      { line: 13, column: 3, rule: 'css-too-long', message: expect.stringMatching(/75\s001 octets : 75\s000 octets au plus/) },
    ]);
  });

  it('counts inline styles with the stylesheet, and blames the style that goes past the limit', () => {
    const inline = `<div style="${inlineOf(500)}"></div>`;
    expect(validateAmp4Email(withCss(cssOf(AMP4EMAIL_LIMITS.cssBytes - 500), inline))).toEqual([]);
    const errors = validateAmp4Email(withCss(cssOf(AMP4EMAIL_LIMITS.cssBytes - 499), inline));
    expect(at(errors)).toEqual(['css-too-long@17:3']);
  });

  it('takes an inline style of 1,000 bytes and refuses one byte more, at its tag', () => {
    expect(validateAmp4Email(withCss('', `<p style="${inlineOf(1000)}">x</p>`))).toEqual([]);
    const errors = validateAmp4Email(withCss('', `<p style="${inlineOf(1001)}">x</p>`));
    expect(errors).toEqual([
      { line: 17, column: 3, rule: 'inline-style-too-long', message: "L'attribut style de la balise <p> fait 1\u202f001 octets : 1\u202f000 octets au plus." },
    ]);
  });

  it('takes a document of 200,000 bytes and refuses one byte more, where the excess starts', () => {
    const fill = (size: number) => {
      const need = size - (Buffer.byteLength(docCase) - 'replace_body'.length);
      return docCase.replace('replace_body', 'é'.repeat(Math.floor(need / 2)) + (need % 2 ? 'x' : ''));
    };
    const exact = fill(AMP4EMAIL_LIMITS.documentBytes);
    expect(Buffer.byteLength(exact)).toBe(AMP4EMAIL_LIMITS.documentBytes);
    expect(validateAmp4Email(exact)).toEqual([]);
    const over = `${exact}x`;
    const errors = validateAmp4Email(over);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ rule: 'document-too-long', message: expect.stringContaining('200\u202f001 octets') });
    const lines = over.split('\n');
    expect(errors[0].line).toBe(lines.length);
    expect(errors[0].column).toBe(1);
  });
});

describe('documents too big or too deep to build', () => {
  const body = (inner: string) => `<!doctype html><html ⚡4email data-css-strict><head></head><body>\n${inner}</body></html>`;

  it('refuses nesting deeper than 512 at the tag that goes past it, without building the tree', () => {
    // 150 kB: the tree builder alone would take tens of seconds on it (within the test's minute, this one is not built).
    const errors = validateAmp4Email(body('<div>'.repeat(30_000)));
    expect(errors).toEqual([
      {
        line: 2,
        // <html> and <body> are the first two: the 511th <div> is the 513th element.
        column: 5 * 510 + 1,
        rule: 'document-too-complex',
        message: 'Le document AMP imbrique ici plus de 512 balises les unes dans les autres : il est trop complexe pour être vérifié ou affiché.',
      },
    ]);
  });

  it('counts what the tree builder nests: closed, void and self-closing-void tags do not add up, `<div/>` does', () => {
    expect(validateAmp4Email(body('<div><p>x</p><br><img src=x></div>'.repeat(2000))).map((e) => e.rule)).not.toContain('document-too-complex');
    expect(validateAmp4Email(body('<li>a<p>b<td>c'.repeat(2000))).map((e) => e.rule)).not.toContain('document-too-complex');
    expect(validateAmp4Email(body('<style amp-custom><div><div></style>'.repeat(600))).map((e) => e.rule)).not.toContain('document-too-complex');
    expect(validateAmp4Email(body('<div/>'.repeat(600))).map((e) => e.rule)).toContain('document-too-complex');
    expect(validateAmp4Email(body('<b></x>'.repeat(600))).map((e) => e.rule)).toContain('document-too-complex');
  });

  it('answers only its size for a document past twice the limit', () => {
    const errors = validateAmp4Email(body('<img>'.repeat(90_000)));
    expect(errors.map((e) => e.rule)).toEqual(['document-too-long']);
  });
});

const HEAD = `<!doctype html>
<html ⚡4email data-css-strict>
<head>
<meta charset="utf-8">
<style amp4email-boilerplate>body{visibility:hidden}</style>
<script async src="https://cdn.ampproject.org/v0.js"></script>`;
/** A document: its extra head on line 7, its body from line 9. */
const doc = (body: string, head = '') => `${HEAD}\n${head}\n</head><body>\n${body}\n</body></html>`;

describe('validateAmp4Email', () => {
  it('answers an empty list for the minimal document and for one using the usual components', () => {
    expect(validateAmp4Email(doc('Bonjour'))).toEqual([]);
    const rich = doc(
      [
        '<table width="100%" cellpadding="0"><tr><td align="center" style="padding: 8px">',
        '<amp-img src="https://example.com/a.png" width="600" height="300" layout="responsive" alt="A"></amp-img>',
        '<a href="https://example.com/é?x=1#y" target="_blank">Lien</a> <a href="mailto:a@example.com">Écrire</a>',
        '<amp-carousel type="slides" width="600" height="300" layout="responsive"><div>1</div><div>2</div></amp-carousel>',
        '<form method="post" action-xhr="https://example.com/vote"><input type="email" name="email"><button type="submit">OK</button><div submit-success><template type="amp-mustache">Merci {{name}}</template></div></form>',
        '</td></tr></table>',
      ].join('\n'),
      [
        '<script async custom-element="amp-carousel" src="https://cdn.ampproject.org/v0/amp-carousel-0.2.js"></script>',
        '<script async custom-element="amp-form" src="https://cdn.ampproject.org/v0/amp-form-0.1.js"></script>',
        '<script async custom-template="amp-mustache" src="https://cdn.ampproject.org/v0/amp-mustache-0.2.js"></script>',
        '<style amp-custom>a { color: #c00; } @media (max-width: 600px) { td { padding: 0; } } .x { background: url(https://example.com/@2x.png); }</style>',
      ].join('\n'),
    );
    expect(validateAmp4Email(rich)).toEqual([]);
  });

  it('refuses img, iframe, video, svg, link and custom scripts at their tag, 1-based', () => {
    const errors = validateAmp4Email(
      doc('<img src="https://x/a.png">\n  <iframe src="https://x"></iframe>\n<video></video><svg><circle r="1"/></svg>\n<script>alert(1)</script>', '<link rel="stylesheet" href="https://x/a.css">'),
    );
    expect(at(errors)).toEqual([
      'disallowed-tag@7:1',
      'disallowed-tag@9:1',
      'disallowed-tag@10:3',
      'disallowed-tag@11:1',
      'disallowed-tag@11:16',
      'disallowed-tag@12:1',
    ]);
    expect(errors[1].message).toBe("La balise <img> n'est pas autorisée en AMP pour e-mail : utilisez <amp-img>.");
    expect(errors[5].message).toMatch(/JavaScript n'est pas autorisé/);
  });

  it('finds !important where it is written, in the stylesheet and in inline styles', () => {
    const errors = validateAmp4Email(
      doc('<p style="color: red !important">x</p>\n<p style=\'margin:0\'>y</p>', '<style amp-custom>\na { color: red; }\n  b { color: blue ! IMPORTANT; }\n/* !important in a comment is not CSS */ i { content: "!important"; }\n</style>'),
    );
    expect(errors).toEqual([
      { line: 9, column: 19, rule: 'important', message: '« !important » est interdit dans le CSS AMP pour e-mail.' },
      { line: 13, column: 22, rule: 'important', message: '« !important » est interdit dans le CSS AMP pour e-mail.' },
    ]);
  });

  it('names each missing piece of the required markup', () => {
    const rules = (source: string) => validateAmp4Email(source).map((error) => error.message);
    expect(rules(doc('x').replace(' data-css-strict', ''))).toEqual(["La balise <html> doit porter l'attribut data-css-strict."]);
    expect(rules(doc('x').replace('⚡4email', 'amp4email'))).toEqual([]);
    expect(rules(doc('x').replace('⚡4email ', ''))).toEqual(["La balise <html> doit porter l'attribut ⚡4email (ou amp4email)."]);
    expect(rules(doc('x').replace('<script async src="https://cdn.ampproject.org/v0.js"></script>', ''))).toEqual([
      'La balise <head> doit contenir <script async src="https://cdn.ampproject.org/v0.js"></script>.',
    ]);
    expect(rules(doc('x').replace('body{visibility:hidden}', 'body{}'))).toEqual([
      'Le style amp4email-boilerplate doit contenir exactement body{visibility:hidden}.',
    ]);
    expect(rules(doc('x').replace('<style amp4email-boilerplate>body{visibility:hidden}</style>', ''))).toEqual([
      'La balise <head> doit contenir <style amp4email-boilerplate>body{visibility:hidden}</style>.',
    ]);
    expect(rules(doc('x').replace('<!doctype html>\n', ''))).toEqual(['Le document AMP doit commencer par <!doctype html>.']);
    const bare = validateAmp4Email('<p>Bonjour</p>');
    expect(bare.every((error) => error.rule === 'missing-boilerplate' && error.line === 1 && error.column === 1)).toBe(true);
    expect(bare.map((error) => error.message)).toEqual([
      'Le document AMP doit commencer par <!doctype html>.',
      'Le document AMP doit avoir une balise <html ⚡4email data-css-strict>.',
      'La balise <head> doit contenir <meta charset="utf-8">.',
      'La balise <head> doit contenir <script async src="https://cdn.ampproject.org/v0.js"></script>.',
      'La balise <head> doit contenir <style amp4email-boilerplate>body{visibility:hidden}</style>.',
    ]);
  });

  it('takes http, https and mailto links only, absolute', () => {
    const errors = validateAmp4Email(
      doc('<a href="https://a.example">a</a><a href="http://a.example">b</a><a href="mailto:x@a.example">c</a>\n<a href="/relative">d</a>\n<a href="javascript:alert(1)">e</a>\n<a href="">f</a>'),
    );
    expect(errors.map(({ rule, line }) => `${rule}@${line}`)).toEqual(['relative-url@10', 'url-protocol@11', 'missing-url@12']);
    expect(errors[1].message).toBe("Le protocole « javascript: » de l'attribut « href » (balise <a>) n'est pas permis : http, https, mailto seulement.");
  });

  it('refuses event handlers, srcset and [src] bindings, and asks for the extension an element needs', () => {
    const errors = validateAmp4Email(doc('<div onclick="x()">a</div>\n<amp-img src="https://a.example/a.png" srcset="https://a.example/b.png 2x" width="1" height="1"></amp-img>\n<amp-list src="https://a.example/l.json" height="10" layout="fixed-height"></amp-list>'));
    expect(at(errors)).toEqual(['disallowed-attribute@9:1', 'disallowed-attribute@10:1', 'missing-extension@11:1']);
    expect(errors[2].message).toBe("La balise <amp-list> demande le script de l'extension amp-list dans <head>.");
  });

  it('reads a Handlebars template: a {{…}} link is judged once rendered, other rules apply as written', () => {
    const source = doc('<a href="{{unsubscribeUrl}}">Se désabonner</a> <a href="https://a.example/{{id}}">x</a>\n<a href="ftp://{{host}}">y</a>');
    expect(at(validateAmp4Email(source))).toEqual(['relative-url@9:1', 'url-protocol@10:1']);
    expect(at(validateAmp4Email(source, { handlebars: true }))).toEqual(['url-protocol@10:1']);
  });

  it('counts columns in characters on CRLF lines', () => {
    const errors = validateAmp4Email(doc('ok\n  <img src="https://a.example/a.png">').replace(/\n/g, '\r\n'));
    expect(at(errors)).toEqual(['disallowed-tag@10:3']);
  });
});
