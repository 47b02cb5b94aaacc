import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileContent } from './render';
import { MESSAGE_VARIABLES } from './variables';

const content = (html: string, vars: Record<string, string> = {}) => ({ subject: '', html, text: '', amp: '', vars });

describe('the variables every message can use (issue 41)', () => {
  it('are all provided when a message renders, and nothing else is', () => {
    // `attribs` is an object: a template reads one attribute of it; a block is no value.
    const html =
      MESSAGE_VARIABLES.filter((variable) => variable.group !== 'bloc')
        .map(({ name }) => `<p>{{${name === 'attribs' ? 'attribs.ville' : name}}}</p>`)
        .join('') + '<p>{{inconnue}}</p>';
    const compiled = compileContent(content(html));
    expect(compiled.missing).toEqual(['inconnue']);
    const parts = compiled.render(
      { email: 'lea@example.org', firstname: 'Léa', lastname: 'Durand', attribs: { ville: 'Lyon' } },
      { unsubscribeUrl: 'https://x.example/u', preferencesUrl: 'https://x.example/p' },
    );
    expect(parts.html).toBe(
      '<p>Léa</p><p>Durand</p><p>lea@example.org</p><p>Lyon</p><p>https://x.example/u</p><p>https://x.example/p</p><p></p>',
    );
  });

  it("are the table of docs/templates.md, «Variables»", () => {
    const doc = readFileSync(join(__dirname, '../../../../docs/templates.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Variables'));
    const rows = [...section.matchAll(/^\| `\{\{(\w+)(?:\.\w+)?\}\}` \| (\w+) \|/gm)].map(([, name, group]) => ({ name, group }));
    expect(rows).toEqual(MESSAGE_VARIABLES.map(({ name, group }) => ({ name, group })));
  });
});
