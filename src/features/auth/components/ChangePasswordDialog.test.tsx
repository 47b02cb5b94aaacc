import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { DEMO_OPERATOR } from '../../../testing/demoUsers';
import { signedIn } from '../../../testing/apiSession';
import { ChangePasswordDialog } from './ChangePasswordDialog';

const fill = async (current: string, next: string, confirmation: string) => {
  if (current) await userEvent.type(screen.getByLabelText('Mot de passe actuel'), current);
  if (next) await userEvent.type(screen.getByLabelText('Nouveau mot de passe'), next);
  if (confirmation) await userEvent.type(screen.getByLabelText('Confirmer le nouveau mot de passe'), confirmation);
  await userEvent.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
};

describe('ChangePasswordDialog (against the real API server)', () => {
  it('says in French what is missing or wrong, and sends nothing', async () => {
    const { store } = renderWithProviders(<ChangePasswordDialog onClose={jest.fn()} />, { preloadedState: { auth: await signedIn(DEMO_OPERATOR) } });
    expect(screen.getByRole('heading', { name: 'Changer mon mot de passe' })).toBeInTheDocument();
    await fill('', 'court', 'autre');
    expect(screen.getByText('Saisissez votre mot de passe actuel.')).toBeInTheDocument();
    expect(screen.getByText('12 caractères au moins.')).toBeInTheDocument();
    expect(screen.getByText('Les deux mots de passe diffèrent.')).toBeInTheDocument();
    expect(store.getState().api.mutations).toEqual({});
  });

  it("shows the server's refusal of a wrong current password, and the session goes on", async () => {
    const session = await signedIn(DEMO_OPERATOR);
    const { store } = renderWithProviders(<ChangePasswordDialog onClose={jest.fn()} />, { preloadedState: { auth: session } });
    await fill('pas-le-bon-mot-de-passe', 'nouveau-mot-de-passe', 'nouveau-mot-de-passe');
    expect(await screen.findByText('Mot de passe actuel incorrect.')).toBeInTheDocument();
    expect(store.getState().auth.accessToken).toBe(session.accessToken);
  });
});
