import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { SignInPopin, SignupPopin } from './SignupPopin';

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

  it("opens with the focus in its field, and offers a way back to a space kept on another device", async () => {
    const onSignIn = jest.fn();
    renderWithProviders(<SignupPopin open onClose={jest.fn()} onSignedUp={jest.fn()} onSignIn={onSignIn} />);
    const popin = screen.getByRole('dialog', { name: "S'inscrire" });
    expect(within(popin).getByLabelText('Email')).toHaveFocus();
    expect(within(popin).getByText('Déjà un espace visiteur, ouvert sur un autre appareil ?')).toBeInTheDocument();
    await userEvent.click(within(popin).getByRole('button', { name: 'Retrouver mon espace' }));
    expect(onSignIn).toHaveBeenCalledTimes(1);
  });
});

describe('SignInPopin, a space kept on another device (against the real API server)', () => {
  it('mails a sign-in link for an address that has a space, says so, and keeps no token here', async () => {
    const email = `autre.appareil.${Date.now().toString(36)}@example.org`;
    const first = await fetch(`${process.env.API_BASE_URL}/rtEvent/new`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: 'api/rtEvent/new', email, name: 'optin_grp', grp_name: 'default', optin: true, data: {} }),
    });
    expect(first.status).toBe(201);

    const onSignedUp = jest.fn();
    const { store } = renderWithProviders(<SignInPopin open onClose={jest.fn()} onSignedUp={onSignedUp} />);
    const popin = screen.getByRole('dialog', { name: 'Retrouver mon espace' });
    expect(within(popin).getByText(/nous y envoyons un lien qui connecte ce navigateur, sans mot de passe/)).toBeInTheDocument();
    // Typed at once (the field has the focus), sent with Enter.
    await userEvent.keyboard(`${email}{Enter}`);
    expect(await within(popin).findByRole('status')).toHaveTextContent(
      "Si un espace existe pour cette adresse, un lien vient d'y être envoyé. Ouvrez-le dans ce navigateur pour y retrouver votre espace.",
    );
    expect(within(popin).getByRole('button', { name: 'Recevoir un lien de connexion' })).toBeInTheDocument();
    expect(store.getState().visitor.tokens).toEqual([]);
    expect(onSignedUp).not.toHaveBeenCalled();
  });

  it('answers an unknown address the same, and makes it no space (issue 42)', async () => {
    const onSignedUp = jest.fn();
    const { store } = renderWithProviders(<SignInPopin open onClose={jest.fn()} onSignedUp={onSignedUp} />);
    const popin = screen.getByRole('dialog', { name: 'Retrouver mon espace' });
    await userEvent.keyboard('sans.espace.encore@example.org{Enter}');
    expect(await within(popin).findByRole('status')).toHaveTextContent("Si un espace existe pour cette adresse, un lien vient d'y être envoyé.");
    expect(store.getState().visitor.tokens).toEqual([]);
    expect(onSignedUp).not.toHaveBeenCalled();
  });
});
