import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../../app/AppRoutes';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { DEMO_OPERATOR } from '../../testing/demoUsers';
import { apiCall, signedIn } from '../../testing/apiSession';

/** Waits that include a round trip to the real server, and the console's lazy code. */
const SERVER = { timeout: 15_000 };

describe('segments in the console (issue 37, against the real API server)', () => {
  it('builds a segment on an attribute with its live count, saves it and lists it', async () => {
    const auth = await signedIn(DEMO_OPERATOR);
    const subject = `Segmentée ${Date.now().toString(36)}`;
    const list = await apiCall<{ id: number }>(auth, 'POST', '/grps', { subject });
    for (const [email, ville] of [['s-lyon1@example.org', 'Lyon'], ['s-lyon2@example.org', 'lyon'], ['s-nice@example.org', 'Nice']]) {
      await apiCall(auth, 'POST', '/grp_rcps', { email, grp: list.id, attribs: { ville } });
    }
    renderWithProviders(<AppRoutes />, { preloadedState: { auth }, route: '/influenceur/segments' });
    await userEvent.click(await screen.findByRole('button', { name: 'Nouveau segment' }, SERVER));
    const editor = await screen.findByRole('dialog', { name: 'Nouveau segment' });
    await userEvent.type(within(editor).getByRole('textbox', { name: 'Nom' }), 'Lyonnais');
    await userEvent.click(within(editor).getByRole('combobox', { name: 'Liste' }));
    await userEvent.click(await screen.findByRole('option', { name: subject }, SERVER));
    // Every active contact of the list, before any rule.
    expect(await within(editor).findByText('3 contacts dans ce segment', {}, SERVER)).toBeInTheDocument();
    await userEvent.click(within(editor).getByRole('button', { name: 'Ajouter une règle sur un champ' }));
    const rule = within(editor).getByRole('group', { name: 'Règle 1' });
    await waitFor(() => expect(within(rule).getByRole('combobox', { name: 'Champ' })).toHaveTextContent('Attribut « ville »'), SERVER);
    await userEvent.type(within(rule).getByRole('textbox', { name: 'Valeur' }), 'Lyon');
    expect(await within(editor).findByText('2 contacts dans ce segment', {}, SERVER)).toBeInTheDocument();
    await userEvent.click(within(editor).getByRole('button', { name: 'Enregistrer le segment' }));
    expect(await screen.findByText('Segment « Lyonnais » enregistré.', {}, SERVER)).toBeInTheDocument();
    expect(await within(editor).findByRole('heading', { name: 'Envoyer à ce segment' })).toBeInTheDocument();
    await userEvent.click(within(editor).getByRole('button', { name: 'Fermer' }));
    const table = await screen.findByRole('table', { name: 'Segments' });
    expect(await within(table).findByText('Lyonnais', {}, SERVER)).toBeInTheDocument();
    expect(within(table).getByText(subject)).toBeInTheDocument();
  });
});
