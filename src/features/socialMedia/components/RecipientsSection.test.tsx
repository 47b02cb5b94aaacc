import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { DEMO_OPERATOR } from '../../../testing/demoUsers';
import { signedIn } from '../../../testing/apiSession';
import { RecipientsSection } from './RecipientsSection';

describe('the recipients section (against the real API server)', () => {
  it("lists the operator's recipients and opens one's social-media detail with 'Vérifier'", async () => {
    renderWithProviders(<RecipientsSection />, { preloadedState: { auth: await signedIn(DEMO_OPERATOR) }, route: '/influenceur' });
    const section = screen.getByRole('region', { name: 'Destinataires' });
    expect(await within(section).findByText('emma.garcia@example.org')).toBeInTheDocument();
    expect(within(section).getByText('NoahCode')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Rafraîchir les chaînes YouTube' })).toBeEnabled();

    await userEvent.click(within(section).getByText('emma.garcia@example.org'));
    const detail = await screen.findByRole('dialog', { name: 'Réseaux sociaux : Emma Garcia' });
    expect(await within(detail).findByText('Aucune chaîne YouTube vérifiée.')).toBeInTheDocument();
    expect(within(detail).getByText('Aucun compte X vérifié.')).toBeInTheDocument();
    expect(within(detail).getByRole('button', { name: 'Vérifier' })).toBeEnabled();
  });
});
