import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@uiw/react-codemirror';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { DEMO_ADMIN, DEMO_OPERATOR } from '../../../testing/demoUsers';
import { apiCall, signedIn } from '../../../testing/apiSession';
import { CategoryTemplates } from './CategoryTemplates';

/** Waits that include a round trip to the real server (slower when the machine is busy). */
const SERVER = { timeout: 15_000 };
const CATEGORY = `vars-${Date.now().toString(36)}`;
const b64 = (text: string) => Buffer.from(text).toString('base64');

// jsdom lays nothing out: CodeMirror measures text ranges to draw its cursor and selection.
beforeAll(() => {
  const none = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= none;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

const viewOf = (name: string) => {
  const view = EditorView.findFromDOM(screen.getByRole('textbox', { name }));
  if (!view) throw new Error(`no ${name} editor`);
  return view;
};

/** An operator's template (they see Général and Code) with a data key, opened on Code. */
async function openCode(html: string) {
  const operator = await signedIn(DEMO_OPERATOR);
  const admin = await signedIn(DEMO_ADMIN);
  const label = `Variables ${Math.random().toString(36).slice(2, 8)}`;
  await apiCall(admin, 'POST', '/deliveries', {
    label,
    internalname: `${CATEGORY}-${label.slice(-6)}`,
    category: CATEGORY,
    user: operator.user.id,
    codeHtml: [b64(html)],
    codeText: [b64('Bonjour')],
    properties: { data: [{ key: 'promo', value: '-20 %' }] },
  });
  renderWithProviders(<CategoryTemplates category={CATEGORY} />, { preloadedState: { auth: operator } });
  await userEvent.click(await screen.findByRole('link', { name: label }, SERVER));
  const editor = await screen.findByRole('dialog', { name: `Modèle : ${label}` }, SERVER);
  await userEvent.click(within(editor).getByRole('tab', { name: 'Code' }));
  return { editor, label };
}

describe('variables at hand in the template editor (issue 41, against the real API server)', () => {
  it('offers the videos block (issue 40), inserted with its parameters as the issue writes them', async () => {
    const { editor } = await openCode('<p></p>');
    const variables = await within(editor).findByRole('region', { name: 'Variables' }, SERVER);
    const blocks = await within(variables).findByRole('group', { name: 'Blocs' }, SERVER);
    const htmlView = viewOf('HTML');
    act(() => {
      htmlView.focus();
      htmlView.dispatch({ selection: { anchor: '<p>'.length } });
    });
    await userEvent.click(within(blocks).getByRole('button', { name: /^Insérer \{\{videos\}\}/ }));
    expect(htmlView.state.doc.toString()).toBe('<p>{{videos groupe="" depuis="dernier envoi" max=6}}</p>');
  });

  it('lists every variable and inserts one at the cursor of the editor last focused, by keyboard too', async () => {
    const { editor } = await openCode('<p>Bonjour </p>');
    const variables = await within(editor).findByRole('region', { name: 'Variables' }, SERVER);
    const contact = await within(variables).findByRole('group', { name: 'Contact' }, SERVER);
    expect(within(contact).getAllByRole('button').map((b) => b.textContent)).toEqual(['{{firstname}}', '{{lastname}}', '{{email}}']);
    expect(within(variables).getByRole('group', { name: 'Liens' })).toHaveTextContent('{{unsubscribeUrl}}');
    expect(within(variables).getByRole('group', { name: 'Données du modèle' })).toHaveTextContent('{{promo}}');
    expect(within(variables).getByText('Un clic insère la variable à l’endroit du curseur, dans le code HTML.')).toBeInTheDocument();

    // The cursor after "Bonjour " in HTML: the variable goes there, and the focus back to the editor.
    const htmlView = viewOf('HTML');
    act(() => {
      htmlView.focus();
      htmlView.dispatch({ selection: { anchor: '<p>Bonjour '.length } });
    });
    await userEvent.click(within(variables).getByRole('button', { name: 'Insérer {{firstname}} : Prénom du contact' }));
    expect(htmlView.state.doc.toString()).toBe('<p>Bonjour {{firstname}}</p>');
    expect(htmlView.hasFocus).toBe(true);

    // The text editor focused last: it is the target now; Enter on a button inserts as a click does.
    const textView = viewOf('Texte');
    act(() => {
      textView.focus();
      textView.dispatch({ selection: { anchor: textView.state.doc.length } });
    });
    expect(within(variables).getByText('Un clic insère la variable à l’endroit du curseur, dans le code Texte.')).toBeInTheDocument();
    within(variables).getByRole('button', { name: /^Insérer \{\{unsubscribeUrl\}\}/ }).focus();
    await userEvent.keyboard('{Enter}');
    expect(textView.state.doc.toString()).toBe('Bonjour{{unsubscribeUrl}}');
    // The draft holds it: unsaved work.
    expect(await within(editor).findByText('Enregistrez d’abord vos modifications.')).toBeInTheDocument();
  });

  it('asks before saving a template that uses a variable nothing provides', async () => {
    const { editor } = await openCode('<p>Bonjour {{prenom}} {{promo}} {{firstname}}</p>');
    const htmlView = viewOf('HTML');
    act(() => htmlView.dispatch({ changes: { from: 0, insert: '<h1>{{code_promo}}</h1>' } }));
    await userEvent.click(within(editor).getByRole('button', { name: 'Enregistrer' }));
    const ask = await screen.findByRole('dialog', { name: 'Variables inconnues' }, SERVER);
    expect(
      within(ask).getByText(
        'Le modèle emploie {{code_promo}}, {{prenom}} : ni le contact, ni un lien, ni une donnée du modèle n’y correspond, elles seront rendues vides. Enregistrer quand même ?',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(ask).getByRole('button', { name: 'Non' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Variables inconnues' })).not.toBeInTheDocument());
    expect(within(editor).getByText('Enregistrez d’abord vos modifications.')).toBeInTheDocument();

    await userEvent.click(within(editor).getByRole('button', { name: 'Enregistrer' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Variables inconnues' }, SERVER)).getByRole('button', { name: 'Oui' }));
    expect(await within(editor).findByText('Version 2 enregistrée.', {}, SERVER)).toBeInTheDocument();
  });

  it('saves at once a template whose variables are all known', async () => {
    const { editor } = await openCode('<p>Bonjour {{firstname}} {{promo}}</p>');
    act(() => viewOf('Texte').dispatch({ changes: { from: 0, insert: '{{email}} ' } }));
    await userEvent.click(within(editor).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(editor).findByText('Version 2 enregistrée.', {}, SERVER)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Variables inconnues' })).not.toBeInTheDocument();
  });
});
