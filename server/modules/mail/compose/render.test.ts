import { compileContent } from './render';

const contact = { email: 'a@example.org', firstname: '<b>Léa</b>', lastname: 'Durand & fils' };
const content = (parts: Partial<{ subject: string; html: string; text: string; amp: string }>, vars = {}) => ({
  subject: '',
  html: '',
  text: '',
  amp: '',
  vars,
  ...parts,
});

describe('compileContent (personalisation with Handlebars)', () => {
  it('escapes what it inserts in HTML and AMP, not in text and subject', () => {
    const compiled = compileContent(
      content({
        subject: 'Pour {{firstname}}',
        html: '<p>{{firstname}} {{lastname}}</p>',
        text: '{{firstname}}',
        amp: '<p>{{lastname}}</p>',
      }),
    );
    const parts = compiled.render(contact, 'http://x/u');
    expect(parts.html).toBe('<p>&lt;b&gt;Léa&lt;/b&gt; Durand &amp; fils</p>');
    expect(parts.amp).toBe('<p>Durand &amp; fils</p>');
    expect(parts.text).toBe('<b>Léa</b>');
    expect(parts.subject).toBe('Pour <b>Léa</b>');
  });

  it("uses the delivery's own values, renders a missing key empty and reports it", () => {
    const compiled = compileContent(
      content(
        { html: '<p>{{promo}}|{{absent}}|{{#if other}}x{{/if}}|{{#each items}}{{name}}{{/each}}</p>' },
        { promo: '-20 %' },
      ),
    );
    expect(compiled.render(contact, '').html).toBe('<p>-20 %|||</p>');
    expect(compiled.missing).toEqual(['absent', 'items', 'other']);
  });

  it("leaves AMP's own mustache templates to the mail client", () => {
    const amp = '<form><template type="amp-mustache">Merci {{name}} !</template></form><p>{{firstname}}</p>';
    const parts = compileContent(content({ amp })).render({ ...contact, firstname: 'Léa' }, '');
    expect(parts.amp).toBe('<form><template type="amp-mustache">Merci {{name}} !</template></form><p>Léa</p>');
  });

  it('keeps subjects on one line', () => {
    expect(compileContent(content({ subject: 'A\r\nBcc: x@y {{email}}' })).render(contact, '').subject).toBe(
      'A Bcc: x@y a@example.org',
    );
  });

  it.each([
    ['html', '<p>{{#if x}}unclosed</p>', 'codeHtml'],
    ['text', '{{> partial}}', 'codeText'],
    ['amp', '{{unknownHelper firstname}}', 'codeAmp'],
    ['subject', '{{', 'subject'],
  ] as const)('refuses a broken %s template (%s) with a 400 on %s', (part, source, field) => {
    let thrown: unknown;
    try {
      compileContent(content({ [part]: source }));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ statusCode: 400, field });
    expect((thrown as Error).message).toContain(`Le modèle '${field}' est invalide`);
  });

  it('says where a template breaks and why, not just "Parse error on line 1:"', () => {
    const message = (source: string) => {
      try {
        compileContent(content({ html: source }));
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    };
    expect(message('<p>\n  {{#if a}} x')).toMatch(/^Le modèle 'codeHtml' est invalide : ligne 2, colonne 14, près de « .*{{#if a}} x » : Expecting .*got 'EOF'$/);
    // The caret's column, also when the parser's excerpt is cut ("...") and spans lines.
    expect(message('<p>\n  hello {{name}</p>')).toMatch(/^Le modèle 'codeHtml' est invalide : ligne 2, colonne 15, près de /);
    expect(message('ab\ncd {{foo bar}}\n x {{ }}')).toMatch(/^Le modèle 'codeHtml' est invalide : ligne 3, colonne 7, près de « \.\.\.d/);
    expect(message('<p>\n{{#each a}}{{/if}}')).toMatch(/^Le modèle 'codeHtml' est invalide : ligne 2, colonne \d+ : each doesn't match if$/);
  });
});

describe("a contact's attributes in templates (issue 37)", () => {
  const lyon = { ...contact, attribs: { ville: '<Lyon>', 'code postal': '69001', vip: true, age: 42, depuis: '2024-05-01' } };

  it('renders them in every part, escaped in HTML and AMP only, and provides them', () => {
    const compiled = compileContent(
      content({
        subject: 'À {{attribs.ville}}',
        html: '<p>{{attribs.ville}} {{attribs.[code postal]}} {{attribs.age}} {{attribs.depuis}}{{#if attribs.vip}} VIP{{/if}}</p>',
        text: '{{attribs.ville}}',
        amp: '<p>{{attribs.ville}}</p>',
      }),
    );
    expect(compiled.missing).toEqual([]);
    const parts = compiled.render(lyon, 'http://x/u');
    expect(parts.subject).toBe('À <Lyon>');
    expect(parts.html).toBe('<p>&lt;Lyon&gt; 69001 42 2024-05-01 VIP</p>');
    expect(parts.text).toBe('<Lyon>');
    expect(parts.amp).toBe('<p>&lt;Lyon&gt;</p>');
  });

  it('renders an absent attribute empty, or the default the template gives', () => {
    const compiled = compileContent(
      content({
        subject: '{{attribs.ville "Paris"}}',
        html: `<p>[{{attribs.pays}}] {{attribs.ville "Paris & co"}} <a title="{{attribs.ville 'Nice'}}">x</a> {{attribs.ville firstname}} {{attribs.age 0}}</p>`,
      }),
    );
    expect(compiled.render({ ...contact, attribs: {} }, '').html).toBe(
      '<p>[] Paris &amp; co <a title="Nice">x</a> &lt;b&gt;Léa&lt;/b&gt; 0</p>',
    );
    expect(compiled.render(contact, '').subject).toBe('Paris');
    expect(compiled.render({ ...contact, attribs: { ville: '' } }, '').subject).toBe('Paris');
    expect(compiled.render(lyon, '').html).toBe('<p>[] &lt;Lyon&gt; <a title="&lt;Lyon&gt;">x</a> &lt;Lyon&gt; 42</p>');
  });

  it('refuses other helpers as before', () => {
    expect(() => compileContent(content({ html: '{{attribs.ville "a" "b"}}' }))).toThrow(/codeHtml/);
    expect(() => compileContent(content({ html: '{{firstname "a"}}' }))).toThrow(/codeHtml/);
  });
});
