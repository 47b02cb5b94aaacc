import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { DEMO_OPERATOR } from '../../../testing/demoUsers';
import { signedIn } from '../../../testing/apiSession';
import { TotpDialog } from './TotpDialog';

/**
 * « Double authentification » against the real API server: the secret and its QR code, and a
 * wrong code refused. (Switching it on is the browser journey's, e2e/totp.e2e.ts, on a server of
 * its own: the web tests' demo users sign in with a password alone.)
 */
describe('TotpDialog (against the real API server)', () => {
  it('shows a new secret with its QR code, asks for a code, and shows the refusal of a wrong one', async () => {
    const auth = await signedIn(DEMO_OPERATOR);
    renderWithProviders(<TotpDialog onClose={jest.fn()} />, { preloadedState: { auth } });
    const dialog = screen.getByRole('dialog', { name: 'Double authentification (TOTP)' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Configurer' }));
    const qr = await within(dialog).findByRole('img', { name: 'QR code de la double authentification' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(within(dialog).getByTestId('totp-secret')).toHaveTextContent(/^[A-Z2-7]{32}$/);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Activer' }));
    expect(within(dialog).getByText('Saisissez le code.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Code de vérification' }), 'abcdef');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Activer' }));
    expect(await within(dialog).findByText('Code de vérification invalide.')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('recovery-codes')).not.toBeInTheDocument();
  });
});
