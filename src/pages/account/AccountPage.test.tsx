import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { DEMO_OPERATOR } from '../../testing/demoUsers';
import { signedIn } from '../../testing/apiSession';
import AccountPage from './AccountPage';

/** « Mon compte » against the real API server: an API token made, shown once, used, revoked after Oui. */
describe('« Mon compte » and its API tokens (against the real API server)', () => {
  it('creates a token shown once, which the API takes within its scope, and revokes it', async () => {
    const auth = await signedIn(DEMO_OPERATOR);
    renderWithProviders(<AccountPage />, { preloadedState: { auth }, route: '/influenceur/compte' });
    expect(screen.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Créer le jeton' });
    await userEvent.click(within(form).getByRole('button', { name: 'Créer le jeton' }));
    expect(within(form).getByText('Donnez un nom au jeton.')).toBeInTheDocument();
    expect(within(form).getByText('Choisissez au moins une portée.')).toBeInTheDocument();

    const name = `CRM ${Date.now().toString(36)}`;
    await userEvent.type(within(form).getByRole('textbox', { name: 'Nom' }), name);
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Listes : lecture' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Créer le jeton' }));
    const shown = await within(form).findByRole('textbox', { name: 'Votre nouveau jeton' });
    const token = (shown as HTMLInputElement).value;
    expect(token).toMatch(/^tgm_/);
    const table = screen.getByRole('table', { name: 'Jetons d’API' });
    expect(await within(table).findByText(name)).toBeInTheDocument();
    expect(within(table).queryByText(token)).not.toBeInTheDocument();

    const read = await fetch(`${process.env.API_BASE_URL}/grps`, { headers: { authorization: `Bearer ${token}` } });
    expect(read.status).toBe(200);
    const write = await fetch(`${process.env.API_BASE_URL}/grps`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{"subject":"x"}' });
    expect(write.status).toBe(403);

    await userEvent.click(within(table).getByRole('button', { name: `Révoquer le jeton ${name}` }));
    await userEvent.click(await screen.findByRole('button', { name: 'Oui' }));
    expect(await screen.findByText(`Jeton « ${name} » révoqué.`)).toBeInTheDocument();
    expect((await fetch(`${process.env.API_BASE_URL}/grps`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });
});
