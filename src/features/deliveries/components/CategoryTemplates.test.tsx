import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { DEMO_ADMIN, DEMO_OPERATOR } from '../../../testing/demoUsers';
import { apiCall, signedIn } from '../../../testing/apiSession';
import { CategoryTemplates } from './CategoryTemplates';

/** Waits that include a round trip to the real server (slower when the machine is busy). */
const SERVER = { timeout: 10_000 };

const CATEGORY = `web-${Date.now().toString(36)}`;
const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('CategoryTemplates and the template editor (against the real API server)', () => {
  it("lets the admin create a template with '+', save it as the next version, and delete it with Oui", async () => {
    const auth = await signedIn(DEMO_ADMIN);
    renderWithProviders(<CategoryTemplates category={CATEGORY} />, { preloadedState: { auth } });
    await userEvent.click(await screen.findByRole('button', { name: 'Nouveau modèle' }, SERVER));

    const editor = await screen.findByRole('dialog', { name: 'Modèle : Nouveau modèle' }, SERVER);
    expect(tabNames()).toEqual(['Général', 'Contenu', 'Séquence', 'Code', 'Data', 'Langue', 'Diffusion']);
    expect(within(editor).getByText(/^Version 1 · modifiée le \d\d-\d\d-\d{4}$/)).toBeInTheDocument();
    const label = within(editor).getByLabelText('Libellé');
    await userEvent.clear(label);
    await userEvent.type(label, 'Lettre de mai');
    // One panel is mounted at a time; what was typed lives above them and survives a visit to Code.
    await userEvent.click(within(editor).getByRole('tab', { name: 'Code' }));
    expect(within(editor).queryByLabelText('Libellé')).not.toBeInTheDocument();
    await userEvent.click(within(editor).getByRole('tab', { name: 'Général' }));
    expect(within(editor).getByLabelText('Libellé')).toHaveValue('Lettre de mai');
    expect(within(editor).getByRole('button', { name: 'Publier cette version (MEP)' })).toBeDisabled();
    const save = within(editor).getByRole('button', { name: 'Enregistrer' });
    await userEvent.click(save);
    expect(
      await within(screen.getByRole('dialog')).findByText('Version 2 enregistrée.', {}, SERVER),
    ).toBeInTheDocument();
    expect(await screen.findByText(/^Version 2 · modifiée le/, {}, SERVER)).toBeInTheDocument();
    // The new version starts a fresh working copy in the same dialog: nothing remounts, the focus stays.
    expect(screen.getByRole('dialog', { name: 'Modèle : Lettre de mai' })).toBe(editor);
    expect(save).toHaveFocus();
    expect(within(editor).getByRole('button', { name: 'Publier cette version (MEP)' })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    const popin = await screen.findByRole('dialog', { name: 'Supprimer le modèle' }, SERVER);
    expect(within(popin).getByText('Supprimer le modèle « Lettre de mai » ?')).toBeInTheDocument();
    await userEvent.click(within(popin).getByRole('button', { name: 'Oui' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SERVER);
    await waitFor(
      () => expect(screen.queryByRole('button', { name: 'Lettre de mai' })).not.toBeInTheDocument(),
      SERVER,
    );
    // The server's word, checked inside waitFor so that the app's own updates meanwhile stay in act().
    await waitFor(
      async () =>
        expect((await apiCall(auth, 'GET', `/deliveries?category=${CATEGORY}&actif=1`))['hydra:totalItems']).toBe(0),
      SERVER,
    );
  });

  it('edits the Data and Séquence tabs and previews with the missing keys reported', async () => {
    const auth = await signedIn(DEMO_ADMIN);
    const created = await apiCall<{ id: number }>(auth, 'POST', '/deliveries', {
      label: 'Aperçu',
      internalname: `apercu-${Date.now().toString(36)}`,
      category: CATEGORY,
      codeHtml: [Buffer.from('<p>{{greeting}} {{firstname}} {{promo}}</p>').toString('base64')],
    });
    renderWithProviders(<CategoryTemplates category={CATEGORY} />, { preloadedState: { auth } });
    await userEvent.click(await screen.findByRole('link', { name: 'Aperçu' }, SERVER));
    await screen.findByRole('dialog', { name: 'Modèle : Aperçu' }, SERVER);

    await userEvent.click(screen.getByRole('tab', { name: 'Séquence' }));
    await userEvent.type(screen.getByLabelText('Clé'), 'greeting');
    await userEvent.type(screen.getByLabelText('Valeur'), 'Salut');
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(screen.getByLabelText('Clé 1')).toHaveValue('greeting');

    await userEvent.click(screen.getByRole('tab', { name: 'Contenu' }));
    expect(await screen.findByText('Clés sans valeur (rendues vides) : promo', {}, SERVER)).toBeInTheDocument();
    const frame = screen.getByTitle('Aperçu HTML');
    expect(frame).toHaveAttribute('sandbox', '');
    await waitFor(() => expect(frame.getAttribute('srcdoc')).toContain('<p>Salut Prénom </p>'), SERVER);

    await userEvent.click(screen.getByRole('tab', { name: 'Data' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter une donnée' }));
    await userEvent.type(screen.getByLabelText('Clé'), 'promo');
    await userEvent.type(screen.getByLabelText('Valeur'), '-20 %');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Version 2 enregistrée.', {}, SERVER)).toBeInTheDocument();
    await waitFor(
      () => expect(screen.queryByText('Enregistrez d’abord vos modifications.')).not.toBeInTheDocument(),
      SERVER,
    );
    await waitFor(
      async () =>
        expect((await apiCall(auth, 'GET', `/deliveries/${created.id}`)).properties).toEqual({
          data: [{ key: 'promo', value: '-20 %' }],
          sequence: [{ sequence: 1, key: 'greeting', value: 'Salut', type: 'text', profil: 'influenceur' }],
        }),
      SERVER,
    );
  });

  it('shows a non-admin only Général and Code, and no create button', async () => {
    const admin = await signedIn(DEMO_ADMIN);
    const auth = await signedIn(DEMO_OPERATOR);
    await apiCall(admin, 'POST', '/deliveries', {
      label: 'Pour opérateur',
      internalname: `op-${Date.now().toString(36)}`,
      category: CATEGORY,
      user: auth.user?.id,
    });
    renderWithProviders(<CategoryTemplates category={CATEGORY} />, { preloadedState: { auth } });
    await userEvent.click(await screen.findByRole('link', { name: 'Pour opérateur' }, SERVER));
    await screen.findByRole('dialog', { name: 'Modèle : Pour opérateur' }, SERVER);
    expect(tabNames()).toEqual(['Général', 'Code']);
    expect(screen.queryByRole('button', { name: 'Nouveau modèle' })).not.toBeInTheDocument();
  });
});
