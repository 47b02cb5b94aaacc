import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { ConfirmationPanel } from './ConfirmationPanel';

describe('the confirmation page (against the real API server)', () => {
  it('says in French that an unknown link confirms nothing, offers no button, and puts the focus on its heading', async () => {
    renderWithProviders(<ConfirmationPanel token="AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" />);
    expect(await screen.findByText('Ce lien de confirmation n’existe pas. Vérifiez qu’il a été copié en entier.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Je confirme' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Confirmation' })).toHaveFocus();
  });
});
