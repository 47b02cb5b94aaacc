import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@uiw/react-codemirror';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { DEMO_ADMIN } from '../../../testing/demoUsers';
import { apiCall, signedIn } from '../../../testing/apiSession';
import { CategoryTemplates } from './CategoryTemplates';

/** Waits that include a round trip to the real server (slower when the machine is busy). */
const SERVER = { timeout: 15_000 };
const CATEGORY = `starters-${Date.now().toString(36)}`;

// jsdom lays nothing out: CodeMirror measures text ranges to draw its cursor and selection.
beforeAll(() => {
  const none = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= none;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

describe('« Nouveau modèle » offers starting points (issue 41, against the real API server)', () => {
  it('fills a new template from one, which saves without a question and publishes', async () => {
    const auth = await signedIn(DEMO_ADMIN);
    renderWithProviders(<CategoryTemplates category={CATEGORY} />, { preloadedState: { auth } });
    await userEvent.click(await screen.findByRole('button', { name: 'Nouveau modèle' }, SERVER));
    const editor = await screen.findByRole('dialog', { name: 'Modèle : Nouveau modèle' }, SERVER);

    const starters = await within(editor).findByRole('region', { name: 'Partir d’un modèle de départ' }, SERVER);
    const choices = await within(starters).findAllByRole('button', {}, SERVER);
    expect(choices.map((button) => button.textContent)).toEqual([
      'Lettre d’information',
      'Annonce',
      'Vidéos d’un créateur',
      'Lettre simple',
    ]);
    expect(within(starters).getByRole('button', { name: 'Vidéos d’un créateur' })).toHaveAccessibleDescription('Les dernières vidéos d’un créateur, chacune avec son lien.');

    await userEvent.click(within(starters).getByRole('button', { name: 'Annonce' }));
    // The template has its code now: the choice goes, the work is to save.
    expect(within(editor).queryByRole('region', { name: 'Partir d’un modèle de départ' })).not.toBeInTheDocument();
    expect(within(editor).getByLabelText('Objet')).toHaveValue('Une annonce importante');
    expect(within(editor).getByText('Enregistrez d’abord vos modifications.')).toBeInTheDocument();

    await userEvent.click(within(editor).getByRole('tab', { name: 'Code' }));
    const html = EditorView.findFromDOM(screen.getByRole('textbox', { name: 'HTML' }))?.state.doc.toString();
    expect(html).toContain('<h1>Une annonce importante</h1>');
    expect(html).toContain('{{unsubscribeUrl}}');
    expect(EditorView.findFromDOM(screen.getByRole('textbox', { name: 'AMP' }))?.state.doc.toString()).toContain('<html ⚡4email data-css-strict lang="fr">');

    // Its variables are all known: no question before the save.
    await userEvent.click(within(editor).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(editor).findByText('Version 2 enregistrée.', {}, SERVER)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Variables inconnues' })).not.toBeInTheDocument();
    const [template] = (await apiCall<{ 'hydra:member': { id: number; subject: string; codeAmp: string }[] }>(auth, 'GET', `/deliveries?category=${CATEGORY}`))['hydra:member'];
    expect(template.subject).toBe('Une annonce importante');
    await waitFor(async () => expect((await apiCall(auth, 'POST', '/amp/bo/modele/new', { id: template.id })).publishedAt).toBeTruthy(), SERVER);
  });
});
