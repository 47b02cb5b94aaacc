import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@uiw/react-codemirror';
import { diagnosticCount, forEachDiagnostic } from '@codemirror/lint';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { DEMO_ADMIN } from '../../../testing/demoUsers';
import { apiCall, signedIn } from '../../../testing/apiSession';
import { CategoryTemplates } from './CategoryTemplates';

/** Waits that include a round trip to the real server (slower when the machine is busy). */
const SERVER = { timeout: 30_000 };

const CATEGORY = `amp-${Date.now().toString(36)}`;
const b64 = (text: string) => Buffer.from(text).toString('base64');
/** A valid AMP e-mail; its body starts on line 3. */
const AMP = [
  '<!doctype html><html ⚡4email data-css-strict><head><meta charset="utf-8"><script async src="https://cdn.ampproject.org/v0.js"></script>',
  '<style amp4email-boilerplate>body{visibility:hidden}</style></head><body>',
  '<p>Bonjour {{firstname}}</p>',
  '</body></html>',
].join('\n');

async function openCode(label: string, html = '<p>Bonjour {{firstname}}</p>') {
  const auth = await signedIn(DEMO_ADMIN);
  await apiCall(auth, 'POST', '/deliveries', {
    label,
    internalname: `${CATEGORY}-${Math.random().toString(36).slice(2, 8)}`,
    category: CATEGORY,
    codeHtml: [b64(html)],
    codeText: [b64('Bonjour')],
    codeAmp: AMP,
  });
  const { store } = renderWithProviders(<CategoryTemplates category={CATEGORY} />, { preloadedState: { auth } });
  await userEvent.click(await screen.findByRole('link', { name: label }, SERVER));
  const editor = await screen.findByRole('dialog', { name: `Modèle : ${label}` }, SERVER);
  await userEvent.click(within(editor).getByRole('tab', { name: 'Code' }));
  /** The server has answered the AMP check of the code on screen. */
  const checked = () =>
    Object.values(store.getState().api.queries).some(
      (query) => query?.endpointName === 'validateAmp' && query.status === 'fulfilled' && query.originalArgs === ampView().state.doc.toString(),
    );
  return { editor, checked };
}

/** The AMP editor's CodeMirror view (typing in jsdom goes through the view, as CodeMirror's own input does). */
const ampView = () => {
  const view = EditorView.findFromDOM(screen.getByRole('textbox', { name: 'AMP' }));
  if (!view) throw new Error('no AMP editor');
  return view;
};
const typeInAmp = (text: string, at: (doc: string) => number) =>
  act(() => {
    const view = ampView();
    view.dispatch({ changes: { from: at(view.state.doc.toString()), insert: text } });
  });
const diagnostics = () => {
  const found: { line: number; column: number; message: string }[] = [];
  const { state } = ampView();
  forEachDiagnostic(state, (diagnostic, from) => {
    const line = state.doc.lineAt(from);
    found.push({ line: line.number, column: from - line.from + 1, message: diagnostic.message });
  });
  return found;
};

// jsdom lays nothing out: CodeMirror measures text ranges to draw its cursor and selection.
beforeAll(() => {
  const none = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= none;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

describe('the AMP editor (against the real API server)', () => {
  it('marks each AMP error at its line and column as typing pauses, and lists it under the editor', async () => {
    const { editor } = await openCode('AMP en direct');
    expect(diagnosticCount(ampView().state)).toBe(0);
    // An <img> and an !important, typed on the body's line (line 3).
    typeInAmp('<img src="https://example.com/a.png"> <b style="color: red !important">x</b>', (doc) => doc.indexOf('</p>') + 4);
    const list = await within(editor).findByText('Le code AMP a 2 erreurs : corrigez-les pour enregistrer le modèle.', {}, SERVER);
    expect(within(list.closest('[role="alert"]') as HTMLElement).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      "Ligne 3, colonne 29 : La balise <img> n'est pas autorisée en AMP pour e-mail : utilisez <amp-img>.",
      'Ligne 3, colonne 88 : « !important » est interdit dans le CSS AMP pour e-mail.',
    ]);
    await waitFor(() => expect(diagnosticCount(ampView().state)).toBe(2), SERVER);
    expect(diagnostics().map(({ line, column }) => [line, column])).toEqual([
      [3, 29],
      [3, 88],
    ]);
    expect(diagnostics()[0].message).toBe("Ligne 3, colonne 29 : La balise <img> n'est pas autorisée en AMP pour e-mail : utilisez <amp-img>.");

    // Fixed, the marks and the list go.
    act(() => {
      const view = ampView();
      const doc = view.state.doc.toString();
      const from = doc.indexOf('<img');
      view.dispatch({ changes: { from, to: doc.indexOf('</b>') + 4, insert: '' } });
    });
    await waitFor(() => expect(diagnosticCount(ampView().state)).toBe(0), SERVER);
    expect(within(editor).queryByText(/^Le code AMP a/)).not.toBeInTheDocument();
  });

  it('shows the errors a refused save answers, in the notice and in the editor', async () => {
    const { editor } = await openCode('AMP refusé');
    typeInAmp('<iframe src="https://example.com"></iframe>', (doc) => doc.indexOf('<p>'));
    await userEvent.click(within(editor).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(editor).findByText(
        "Le champ 'codeAmp' n'est pas un AMP pour e-mail valide : ligne 3, colonne 1 : La balise <iframe> n'est pas autorisée en AMP pour e-mail : utilisez <amp-list>.",
        {},
        SERVER,
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(diagnostics().map(({ line, column }) => [line, column])).toEqual([[3, 1]]), SERVER);
    // Nothing was saved: the work is still to save.
    expect(within(editor).getByText('Enregistrez d’abord vos modifications.')).toBeInTheDocument();
  });

  it('warns above 102 kB of HTML, where Gmail clips the message', async () => {
    const { editor } = await openCode('HTML lourd', `<p>${'x'.repeat(110 * 1024)}</p>`);
    expect(
      await within(editor).findByText(
        'Le HTML pèse 111 Ko : au-delà de 102 Ko, Gmail tronque le message et en masque la fin, lien de désabonnement compris.',
      ),
    ).toBeInTheDocument();
  });

  it('says nothing of a light HTML nor of a valid AMP', async () => {
    const { editor, checked } = await openCode('Tout va bien');
    // The check of the valid AMP has come back: nothing to mark, nothing to list.
    await waitFor(() => expect(checked()).toBe(true), SERVER);
    expect(diagnosticCount(ampView().state)).toBe(0);
    expect(within(editor).queryByText(/Gmail tronque/)).not.toBeInTheDocument();
    expect(within(editor).queryByText(/^Le code AMP a/)).not.toBeInTheDocument();
  });
});
