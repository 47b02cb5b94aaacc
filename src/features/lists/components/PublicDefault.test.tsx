import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { DEMO_ADMIN, DEMO_OPERATOR } from '../../../testing/demoUsers';
import { apiCall, signedIn } from '../../../testing/apiSession';
import { GeneralTab } from './GeneralTab';
import { ListsSection } from './ListsSection';
import type { List } from '../types';

/** The public default list (issue 37 item 5) in the console, against the real API server. */
describe('the public default list', () => {
  it('tells an admin that no list takes the sign-ups, lets them mark one, then names it; an operator sees neither', async () => {
    const admin = await signedIn(DEMO_ADMIN);
    const list = await apiCall<List>(admin, 'POST', '/grps', { subject: `Lettre publique ${Date.now()}` });
    try {
      const first = renderWithProviders(<ListsSection />, { preloadedState: { auth: admin }, route: '/influenceur' });
      expect(await screen.findByText(/Aucune liste n'est la liste publique par défaut/)).toBeInTheDocument();
      first.unmount();

      renderWithProviders(<GeneralTab list={list} onDeleted={() => undefined} />, { preloadedState: { auth: admin } });
      const toggle = screen.getByRole('switch', { name: 'Liste publique par défaut (inscriptions des visiteurs)' });
      expect(toggle).toHaveAccessibleDescription(/Les visiteurs qui cochent l'inscription/);
      await userEvent.click(toggle);
      expect(await screen.findByText('Enregistré.')).toBeInTheDocument();
      await waitFor(async () =>
        expect((await apiCall<{ 'hydra:member': List[] }>(admin, 'GET', '/grps?publicDefault=true'))['hydra:member'].map((l) => l.id)).toEqual([list.id]),
      );
    } finally {
      await apiCall(admin, 'PATCH', `/grps/${list.id}`, { publicDefault: false });
    }
  });

  it('names the default list to an admin; an operator is not asked', async () => {
    const admin = await signedIn(DEMO_ADMIN);
    const list = await apiCall<List>(admin, 'POST', '/grps', { subject: `Lettre nommée ${Date.now()}` });
    await apiCall(admin, 'PATCH', `/grps/${list.id}`, { publicDefault: true });
    try {
      const shown = renderWithProviders(<ListsSection />, { preloadedState: { auth: admin }, route: '/influenceur' });
      const section = screen.getByRole('region', { name: 'Listes' });
      expect(await within(section).findByText(`Liste publique par défaut (inscriptions des visiteurs) : « ${list.subject} ».`)).toBeInTheDocument();
      shown.unmount();
      renderWithProviders(<GeneralTab list={list} onDeleted={() => undefined} />, { preloadedState: { auth: await signedIn(DEMO_OPERATOR) } });
      expect(screen.queryByRole('switch', { name: 'Liste publique par défaut (inscriptions des visiteurs)' })).not.toBeInTheDocument();
    } finally {
      await apiCall(admin, 'PATCH', `/grps/${list.id}`, { publicDefault: false });
    }
  });
});
