import { Value } from '@sinclair/typebox/value';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { EditorBlock } from './schemas';
import { STARTERS } from './starters';

let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminBearer();
});
afterAll(() => t.close());

const BLOCKS = [
  { type: 'title', text: 'Les nouvelles' },
  { type: 'text', text: 'Bonjour {{firstname}},' },
  { type: 'image', src: 'https://example.org/a.png', alt: 'Une image', width: 600, height: 300, href: '' },
  { type: 'button', label: 'Lire', url: 'https://example.org/lire' },
  { type: 'columns', left: 'Gauche', right: 'Droite' },
  { type: 'divider' },
  { type: 'videos', createurs: 'Chaîne A, Chaîne B', groupe: 'Cuisine' },
  { type: 'footer', text: 'Vous recevez ce message parce que vous êtes inscrit(e).' },
];

describe('the blocks of the « Blocs » mode, kept with the template (issue 41)', () => {
  it('keeps a template’s blocks, answers them when it is read again, and in its versions', async () => {
    const created = await t.call('POST', '/deliveries', admin, { label: 'Blocs', internalname: `blocs-${Date.now()}`, blocks: BLOCKS });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect((await t.call('GET', `/deliveries/${id}`, admin)).json().blocks).toEqual(BLOCKS);
    // A save replaces the list (a merge-patch replaces arrays), and null says "written in code".
    const saved = await t.call('PATCH', `/deliveries/${id}`, admin, { version: 2, blocks: BLOCKS.slice(0, 2) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().blocks).toEqual(BLOCKS.slice(0, 2));
    const versions = (await t.call('GET', `/api/deliveryAll/${id}`, admin)).json().data;
    expect(versions.map((v: { blocks: unknown }) => v.blocks)).toEqual([BLOCKS.slice(0, 2), BLOCKS]);
    const cleared = await t.call('PATCH', `/deliveries/${id}`, admin, { version: 3, blocks: null });
    expect(cleared.json().blocks).toBeNull();
  });

  it('is null for a template written in code', async () => {
    const created = await t.call('POST', '/deliveries', admin, { label: 'Code', internalname: `code-${Date.now()}` });
    expect(created.json().blocks).toBeNull();
  });

  it.each([
    ['an unknown kind', { type: 'carousel' }],
    ['an image over http', { type: 'image', src: 'http://example.org/a.png', alt: '', width: 600, height: 300 }],
    ['a button to a script', { type: 'button', label: 'x', url: 'javascript:alert(1)' }],
    ['a quote in the videos tag', { type: 'videos', createurs: 'a" max=99 "', groupe: '' }],
    ['a field of another kind', { type: 'divider', text: 'x' }],
    ['a missing field', { type: 'button', label: 'x' }],
  ])('refuses %s with a 400 naming the field', async (_name, bad) => {
    const response = await t.call('POST', '/deliveries', admin, { label: 'Bad', internalname: `bad-${Date.now()}`, blocks: [bad] });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toMatch(/^blocks/);
  });

  it('gives each starting point its blocks, of the shape the server keeps, unsubscribe footer last', async () => {
    const answer = (await t.call('GET', '/api/delivery/starters', admin)).json();
    expect(answer.starters).toHaveLength(STARTERS.length);
    for (const starter of answer.starters) {
      expect(starter.blocks.every((b: unknown) => Value.Check(EditorBlock, b))).toBe(true);
      expect(starter.blocks.at(-1).type).toBe('footer');
      expect(starter.blocks.some((b: { type: string }) => b.type === 'title' || b.type === 'text')).toBe(true);
    }
    expect(answer.starters.find((s: { id: string }) => s.id === 'announcement').blocks).toContainEqual({
      type: 'button',
      label: 'En savoir plus',
      url: 'https://example.org/annonce',
    });
  });
});
