import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { SignupPopin } from './SignupPopin';

const submit = async (email: string) => {
  const popin = screen.getByRole('dialog', { name: "S'inscrire" });
  if (email) await userEvent.type(within(popin).getByLabelText('Email'), email);
  await userEvent.click(within(popin).getByRole('button', { name: "Je m'inscris pour démarrer" }));
};

describe('SignupPopin (against the real API server)', () => {
  it.each(['', 'visiteur', 'visiteur@example', 'visiteur@.org'])(
    'sends nothing and shows nothing for "%s", which does not match the simple pattern',
    async (email) => {
      const onClose = jest.fn();
      const onSignedUp = jest.fn();
      const { store } = renderWithProviders(<SignupPopin open onClose={onClose} onSignedUp={onSignedUp} />);
      await submit(email);
      expect(store.getState().api.mutations).toEqual({});
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByText(/invalide|valid/i)).not.toBeInTheDocument();
      expect(store.getState().visitor).toEqual({ tokens: [], userEmail: null });
      expect(onClose).not.toHaveBeenCalled();
      expect(onSignedUp).not.toHaveBeenCalled();
    },
  );

  it("signs up, keeps {email, token} in 'tokens' and the e-mail as 'userEmail', and says so", async () => {
    const onSignedUp = jest.fn();
    const { store } = renderWithProviders(<SignupPopin open onClose={jest.fn()} onSignedUp={onSignedUp} />);
    await submit('nouveau.visiteur@example.org');
    await waitFor(() => expect(onSignedUp).toHaveBeenCalledWith('nouveau.visiteur@example.org'));
    const { tokens, userEmail } = store.getState().visitor;
    expect(userEmail).toBe('nouveau.visiteur@example.org');
    expect(tokens).toEqual([{ email: 'nouveau.visiteur@example.org', token: expect.stringMatching(/^[\w-]{40,}$/) }]);
    // The token is a real one: the server knows this visitor by it.
    const me = await fetch(`${process.env.API_BASE_URL}/visitor/me`, { headers: { 'x-visitor-token': tokens[0].token } });
    expect(await me.json()).toMatchObject({ email: 'nouveau.visiteur@example.org', liste: null });
  });

  it('closes on × and on the backdrop', async () => {
    const onClose = jest.fn();
    renderWithProviders(<SignupPopin open onClose={onClose} onSignedUp={jest.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    const backdrop = document.querySelector('.MuiBackdrop-root') as HTMLElement;
    await userEvent.click(backdrop);
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
