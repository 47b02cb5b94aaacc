import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../../app/AppRoutes';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { DEMO_ADMIN, DEMO_OPERATOR } from '../../testing/demoUsers';
import { apiCall, signedIn } from '../../testing/apiSession';

/** Waits that include a round trip to the real server, and the console's lazy code. */
const SERVER = { timeout: 15_000 };
const location = () => screen.getByTestId('location').textContent;

describe("a list's contacts on a page of their own (issue 41, against the real API server)", () => {
  it('opens from the list editor, shows every column, and goes back to the list', async () => {
    const auth = await signedIn(DEMO_OPERATOR);
    const subject = `Page contacts ${Date.now().toString(36)}`;
    const list = await apiCall<{ id: number }>(auth, 'POST', '/grps', { subject });
    await apiCall(auth, 'POST', '/grp_rcps', { email: 'page@example.org', firstname: 'Paule', lastname: 'Age', phone: '0601', grp: list.id });

    renderWithProviders(<AppRoutes />, { preloadedState: { auth }, route: `/influenceur/listes/${list.id}` });
    const editor = await screen.findByRole('dialog', { name: `Liste : ${subject}` }, SERVER);
    // The dialog no longer squeezes the table: it links to the page.
    expect(within(editor).queryByRole('tab', { name: 'Contacts' })).not.toBeInTheDocument();
    // Tabs whose names say little say more in their tooltip.
    expect(within(editor).getByRole('tab', { name: 'Ciblage' })).toHaveAccessibleDescription(/^Ajouter ou remplacer les contacts/);
    const open = within(editor).getByRole('link', { name: 'Voir les contacts' });
    expect(open).toHaveAttribute('href', `/influenceur/listes/${list.id}/contacts`);
    await userEvent.click(open);

    expect(await screen.findByRole('heading', { name: `Contacts de la liste « ${subject} »` }, SERVER)).toBeInTheDocument();
    expect(location()).toBe(`/influenceur/listes/${list.id}/contacts`);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Contacts de la liste' }, SERVER);
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'E-mail',
      'Prénom',
      'Nom',
      'Téléphone',
      'Origine',
      'Statut',
      'Ajouté le',
      'Actions',
    ]);
    expect(await within(table).findByText('page@example.org', {}, SERVER)).toBeInTheDocument();
    expect(await screen.findByText('Contacts actifs : 1 · Contacts au départ : 1', {}, SERVER)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Retour à la liste' }));
    expect(await screen.findByRole('dialog', { name: `Liste : ${subject}` }, SERVER)).toBeInTheDocument();
    expect(location()).toBe(`/influenceur/listes/${list.id}`);
  });

  it("shows the contacts' attributes as columns, and filters on one (issue 37)", async () => {
    const auth = await signedIn(DEMO_OPERATOR);
    const list = await apiCall<{ id: number }>(auth, 'POST', '/grps', { subject: `Attributs ${Date.now().toString(36)}` });
    await apiCall(auth, 'POST', '/grp_rcps', { email: 'lyon@example.org', grp: list.id, attribs: { ville: 'Lyon', vip: true } });
    await apiCall(auth, 'POST', '/grp_rcps', { email: 'nice@example.org', grp: list.id, attribs: { ville: 'Nice' } });

    renderWithProviders(<AppRoutes />, { preloadedState: { auth }, route: `/influenceur/listes/${list.id}/contacts` });
    const table = await screen.findByRole('table', { name: 'Contacts de la liste' }, SERVER);
    await waitFor(() => expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toContain('ville'), SERVER);
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'E-mail',
      'Prénom',
      'Nom',
      'Téléphone',
      'Origine',
      'Statut',
      'ville',
      'vip',
      'Ajouté le',
      'Actions',
    ]);
    expect(await within(table).findByText('oui', {}, SERVER)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Attribut' }));
    await userEvent.click(await screen.findByRole('option', { name: 'ville' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Valeur' }), 'lyon');
    await waitFor(() => expect(within(table).queryByText('nice@example.org')).not.toBeInTheDocument(), SERVER);
    expect(within(table).getByText('lyon@example.org')).toBeInTheDocument();
  });

  it("says introuvable for a list that is not the operator's", async () => {
    const admin = await signedIn(DEMO_ADMIN);
    const foreign = await apiCall<{ id: number }>(admin, 'POST', '/grps', { subject: 'Liste de l’admin' });
    renderWithProviders(<AppRoutes />, { preloadedState: { auth: await signedIn(DEMO_OPERATOR) }, route: `/influenceur/listes/${foreign.id}/contacts` });
    expect(await screen.findByText(/^Liste introuvable/, {}, SERVER)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Contacts de la liste' })).not.toBeInTheDocument());
  });
});
