import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../testing/renderWithProviders';
import { DEMO_OPERATOR } from '../testing/demoUsers';
import { signedIn } from '../testing/apiSession';
import { AppRoutes } from './AppRoutes';

const operatorSession = () => signedIn(DEMO_OPERATOR);

const location = () => screen.getByTestId('location').textContent;

describe('route guards', () => {
  it.each(['/influenceur', '/dashboard', '/following'])('sends %s to /login without a stored user', async (path) => {
    renderWithProviders(<AppRoutes />, { route: path });
    await waitFor(() => expect(location()).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Se connecter' })).toBeInTheDocument();
  });

  it('lets a stored user in once their info is fetched', async () => {
    renderWithProviders(<AppRoutes />, { preloadedState: { auth: await operatorSession() }, route: '/following' });
    expect(await screen.findByRole('heading', { name: 'Manager follower' })).toBeInTheDocument();
    expect(location()).toBe('/following');
  });

  it('clears the stored user and goes to /login when the user info cannot be fetched', async () => {
    const session = await operatorSession();
    const { store } = renderWithProviders(<AppRoutes />, {
      preloadedState: { auth: { user: { ...session.user, id: 999999 }, accessToken: session.accessToken } },
      route: '/influenceur',
    });
    await waitFor(() => expect(location()).toBe('/login'));
    expect(store.getState().auth).toEqual({ user: null, accessToken: null });
  });

  it('logs out to /login, and the server ends the session: its token is refused from then on', async () => {
    const session = await operatorSession();
    const { store } = renderWithProviders(<AppRoutes />, {
      preloadedState: { auth: session },
      route: '/influenceur',
    });
    // The console is loaded lazily, with every section's code: it may take a while under load.
    await userEvent.click(await screen.findByRole('button', { name: 'Se déconnecter' }, { timeout: 10_000 }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(store.getState().auth.user).toBeNull();
    const status = () =>
      fetch(`${process.env.API_BASE_URL}/users`, { headers: { authorization: `Bearer ${session.accessToken}` } }).then((r) => r.status);
    await waitFor(async () => expect(await status()).toBe(401));
  });

  it('redirects an unknown path to /', async () => {
    renderWithProviders(<AppRoutes />, { route: '/no/such/page' });
    await waitFor(() => expect(location()).toBe('/'));
    expect(screen.getByRole('heading', { name: 'Créer votre liste de créateurs inspirants' })).toBeInTheDocument();
  });

  it('shows the Influenceur panel on the dashboard, and the Survivalisme one when chosen', async () => {
    renderWithProviders(<AppRoutes />, { preloadedState: { auth: await operatorSession() }, route: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Influenceur' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Profil' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['politique', 'survivalisme', 'rencontre', 'influenceur', 'E-commerce', 'independant']);
    await userEvent.click(screen.getByRole('option', { name: 'survivalisme' }));
    expect(screen.getByRole('heading', { name: 'Survivalisme' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Influenceur' })).not.toBeInTheDocument();
  });
});
