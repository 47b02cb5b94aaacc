import fc from 'fast-check';
import { DEMO_OPERATOR } from '../../../testing/demoUsers';
import { apiCall, signedIn } from '../../../testing/apiSession';
import { blocksToAmp, blocksToHtml, blocksToMjml, blocksToText, FOOTER_LINKS, videosTag } from './render';
import type { EditorBlock } from './types';

/** Waits that include a round trip to the real server (slower when the machine is busy). */
const SERVER = 30_000;

// Words as an operator types them, markup characters included; braces only in the variables below.
const words = fc.string({ unit: fc.constantFrom(...'abcdeéè àçZ0123,.!?\'"&<>:;-'.split('')), minLength: 1, maxLength: 40 });
const prose = fc
  .array(fc.oneof(words, fc.constantFrom('{{firstname}}', '\n', '\n\n')), { minLength: 1, maxLength: 6 })
  .map((parts) => parts.join(' ').trim() || 'x');
const link = fc.constantFrom('https://example.org/a?b=1&c=2', 'http://example.org', 'mailto:contact@example.org', '{{unsubscribeUrl}}');
const tagValue = fc.string({ unit: fc.constantFrom(...'abc éA,-'.split('')), maxLength: 20 });

const block: fc.Arbitrary<EditorBlock> = fc.oneof(
  prose.map((text) => ({ type: 'title' as const, text: text.replace(/\n/g, ' ') })),
  prose.map((text) => ({ type: 'text' as const, text })),
  fc.record({
    type: fc.constant('image' as const),
    src: fc.constantFrom('https://example.org/a.png', 'https://img.example.org/b.jpg?w=600&h=300'),
    alt: words,
    width: fc.integer({ min: 1, max: 600 }),
    height: fc.integer({ min: 1, max: 2000 }),
    href: fc.oneof(fc.constant(''), link),
  }),
  fc.record({ type: fc.constant('button' as const), label: words, url: link }),
  fc.record({ type: fc.constant('columns' as const), left: prose, right: prose }),
  fc.constant({ type: 'divider' as const }),
  fc.record({ type: fc.constant('videos' as const), createurs: tagValue, groupe: tagValue }),
  prose.map((text) => ({ type: 'footer' as const, text })),
);
const blocks = fc.array(block, { minLength: 1, maxLength: 10 });

/** What a block says, as the text part writes it (each non-empty line of it). */
const sayings = (b: EditorBlock): string[] => {
  switch (b.type) {
    case 'title':
    case 'text':
    case 'footer':
      return [b.text];
    case 'columns':
      return [b.left, b.right];
    case 'button':
      return [b.label, b.url];
    case 'image':
      return [b.alt];
    case 'videos':
      return [videosTag(b)];
    case 'divider':
      return [];
  }
};
const lines = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean);
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

describe('the « Blocs » mode writes three parts from the same blocks (issue 41)', () => {
  it('the text part says every block’s words and links, in order, with the unsubscribe link under a footer', () => {
    fc.assert(
      fc.property(blocks, (list) => {
        const text = blocksToText(list);
        let from = 0;
        for (const saying of list.flatMap(sayings).flatMap(lines)) {
          const at = text.indexOf(saying, from);
          expect(at).toBeGreaterThanOrEqual(0);
          from = at;
        }
        expect(text.includes('Se désabonner : {{unsubscribeUrl}}')).toBe(list.some((b) => b.type === 'footer'));
      }),
    );
  });

  it('the HTML part is MJML’s: table-based, styles inlined, every block’s words escaped, the videos tag as written', async () => {
    await fc.assert(
      fc.asyncProperty(blocks, async (list) => {
        const html = await blocksToHtml(list);
        expect(html).toMatch(/^<!doctype html>/i);
        expect(html).toContain('role="presentation"');
        for (const b of list) {
          if (b.type === 'title') expect(html).toContain(escaped(b.text));
          if (b.type === 'button') expect(html).toMatch(new RegExp(`<a[^>]* href="${escaped(b.url).replace(/[.?*+^$()[\]\\|]/g, '\\$&')}" style="[^"]+"`));
          if (b.type === 'videos') expect(html).toContain(videosTag(b));
          if (b.type === 'footer') for (const l of FOOTER_LINKS) expect(html).toContain(`<a href="{{${l.variable}}}">${l.label}</a>`);
          if (b.type === 'image') expect(html).toContain(`alt="${escaped(b.alt).replace(/"/g, '&quot;')}"`);
        }
        // Nothing an operator typed opens a tag of its own.
        expect(html).not.toMatch(/<(?!\/?(?:!doctype|html|head|body|meta|title|style|div|table|tbody|tr|td|p|h1|a|img|br|span|!--|!\[endif\]|o:|v:|xml|noscript|link)\b)[a-z]/i);
      }),
      { numRuns: 25 },
    );
  }, 60_000);

  it(
    'the AMP part passes the AMP4EMAIL rules (the server’s validator, as saving checks it)',
    async () => {
      const auth = await signedIn(DEMO_OPERATOR);
      await fc.assert(
        fc.asyncProperty(blocks, async (list) => {
          const amp = blocksToAmp(list);
          const answer = await apiCall<{ errors: unknown[] }>(auth, 'POST', '/delivery/amp/validation', { codeAmp: amp });
          expect(answer.errors).toEqual([]);
          for (const b of list) if (b.type === 'videos') expect(amp).toContain(videosTag(b));
        }),
        { numRuns: 30 },
      );
    },
    SERVER * 2,
  );

  it('writes the videos tag exactly as the composer reads it', () => {
    expect(videosTag({ createurs: 'Chaîne A, Chaîne B', groupe: 'Cuisine' })).toBe(
      '{{videos createurs="Chaîne A, Chaîne B" groupe="Cuisine" depuis="dernier envoi" max=6}}',
    );
  });

  it('puts a columns block in a section of its own, two columns wide', () => {
    const mjml = blocksToMjml([{ type: 'title', text: 'T' }, { type: 'columns', left: 'G', right: 'D' }, { type: 'divider' }]);
    expect(mjml.match(/<mj-section/g)).toHaveLength(3);
    expect(mjml).toMatch(/<mj-section[^>]*><mj-column><mj-text><p[^>]*>G<\/p><\/mj-text><\/mj-column><mj-column>/);
  });
});
