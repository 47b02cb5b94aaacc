import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { DEMO_ADMIN, DEMO_OPERATOR } from '../../testing/demoUsers';
import { signedIn } from '../../testing/apiSession';
import WebhooksPage from './WebhooksPage';

/** The webhooks page against the real API server (which refuses private addresses). */
async function renderPage(user = DEMO_ADMIN) {
  const auth = await signedIn(user);
  renderWithProviders(<WebhooksPage />, { preloadedState: { auth }, route: '/influenceur/webhooks' });
}

describe('the webhooks page (against the real API server)', () => {
  it('is for admins only', async () => {
    await renderPage(DEMO_OPERATOR);
    expect(screen.getByText('Cette page est réservée aux administrateurs.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Nouveau webhook' })).not.toBeInTheDocument();
  });

  it("asks for a URL and an event, shows the server's refusal of a private address, then adds one, shows its secret once, switches it off and removes it after Oui", async () => {
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Nouveau webhook' });
    await userEvent.click(within(form).getByRole('button', { name: 'Ajouter' }));
    expect(within(form).getByText('Saisissez une adresse qui commence par http:// ou https://.')).toBeInTheDocument();
    expect(within(form).getByText('Choisissez au moins un événement.')).toBeInTheDocument();

    const url = within(form).getByRole('textbox', { name: 'Adresse (URL)' });
    await userEvent.type(url, 'http://127.0.0.1:9/hook');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'visiteur abonné' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Ajouter' }));
    expect(await within(form).findByText(/adresses privées, locales ou de lien local sont refusées/)).toBeInTheDocument();

    // A public address given as such needs no DNS.
    const address = `http://93.184.216.34/hook-${Date.now()}`;
    await userEvent.clear(url);
    await userEvent.type(url, address);
    await userEvent.click(within(form).getByRole('button', { name: 'Ajouter' }));
    expect(await within(form).findByText(`Webhook ajouté : ${address}.`)).toBeInTheDocument();
    expect(within(form).getByTestId('webhook-secret')).toHaveTextContent(/^whsec_/);

    const table = screen.getByRole('table', { name: 'Webhooks' });
    const row = (await within(table).findByText(address)).closest('tr')!;
    expect(within(row).getByText('visiteur abonné')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: `Voir les envois de ${address}` }));
    expect(await screen.findByText('Aucun envoi pour ce webhook.')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Désactiver' }));
    await waitFor(() => expect(within(row).getByText('non')).toBeInTheDocument());

    await userEvent.click(within(row).getByRole('button', { name: `Supprimer le webhook ${address}` }));
    await userEvent.click(await screen.findByRole('button', { name: 'Oui' }));
    await waitFor(() => expect(within(table).queryByText(address)).not.toBeInTheDocument());
  });
});
