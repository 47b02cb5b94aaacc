import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { PublicFrame } from './PublicFrame';
import { usePublicPopins } from './publicPopins';

/** Code of a page that opens the hidden subscribe dialog. */
function SubscribeOpener() {
  const { openSubscribe } = usePublicPopins();
  return <button onClick={openSubscribe}>ouvrir depuis le code</button>;
}

describe('the hidden subscribe dialog (against the real API server)', () => {
  it('has no control of its own on the page, opens from code, and signs the visitor up', async () => {
    const { store } = renderWithProviders(
      <PublicFrame>
        <SubscribeOpener />
      </PublicFrame>,
    );
    expect(screen.queryByText(/S'abonner/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'ouvrir depuis le code' }));
    const dialog = await screen.findByRole('dialog', { name: "S'abonner à TGM" });
    expect(within(dialog).getByText('Quelle est votre adresse email ?')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'abonne@example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: "Je m'inscris pour démarrer" }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().visitor.userEmail).toBe('abonne@example.org');
    expect(store.getState().visitor.tokens).toEqual([{ email: 'abonne@example.org', token: expect.any(String) }]);
  });
});

describe('the public header: where the visitor is (against the real API server)', () => {
  it("leads a visitor whose space lives on another device from 'Se connecter' and from the signup popin to 'Retrouver mon espace'", async () => {
    renderWithProviders(
      <PublicFrame>
        <p>contenu</p>
      </PublicFrame>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    const login = await screen.findByRole('dialog', { name: 'Se connecter' });
    expect(await within(login).findByText('Déjà un espace visiteur, ouvert sur un autre appareil ?')).toBeInTheDocument();
    await userEvent.click(within(login).getByRole('button', { name: 'Retrouver mon espace' }));
    const signIn = await screen.findByRole('dialog', { name: 'Retrouver mon espace' });
    await waitFor(() => expect(within(signIn).getByLabelText('Email')).toHaveFocus());
    expect(within(signIn).getByRole('button', { name: 'Recevoir un lien de connexion' })).toBeInTheDocument();
    await userEvent.click(within(signIn).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Démarrer gratuitement' }));
    const signup = await screen.findByRole('dialog', { name: "S'inscrire" });
    await userEvent.click(within(signup).getByRole('button', { name: 'Retrouver mon espace' }));
    expect(await screen.findByRole('dialog', { name: 'Retrouver mon espace' })).toBeInTheDocument();
  });

  it('after signup, says what happened, shows the e-mail and a link to /userPage, and can forget this browser', async () => {
    const { store } = renderWithProviders(
      <PublicFrame>
        <p>contenu</p>
      </PublicFrame>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Démarrer gratuitement' }));
    const popin = await screen.findByRole('dialog', { name: "S'inscrire" });
    await userEvent.type(within(popin).getByLabelText('Email'), 'entete@example.org');
    await userEvent.click(within(popin).getByRole('button', { name: "Je m'inscris pour démarrer" }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const notice = (await screen.findByText(/Inscription enregistrée pour entete@example.org/)).closest('[role="status"]') as HTMLElement;
    expect(notice).not.toBeNull();
    expect(within(notice).getByRole('link', { name: 'Aller à mon espace' })).toHaveAttribute('href', '/userPage');
    const header = screen.getByRole('banner');
    expect(within(header).getByText('entete@example.org')).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Mon espace' })).toHaveAttribute('href', '/userPage');
    expect(within(header).queryByRole('button', { name: 'Démarrer gratuitement' })).not.toBeInTheDocument();

    await userEvent.click(within(header).getByRole('button', { name: 'Oublier ce navigateur' }));
    const confirm = await screen.findByRole('dialog', { name: 'Oublier ce navigateur ?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Oui' }));
    expect(store.getState().visitor).toEqual({ tokens: [], userEmail: null });
    expect(await screen.findByText('Ce navigateur ne vous connaît plus.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(header).getByRole('button', { name: 'Démarrer gratuitement' })).toBeInTheDocument();
    expect(within(header).queryByText('entete@example.org')).not.toBeInTheDocument();
  });

  it('keeps the identity when the visitor answers Non', async () => {
    const { store } = renderWithProviders(
      <PublicFrame>
        <p>contenu</p>
      </PublicFrame>,
      { preloadedState: { visitor: { tokens: [{ email: 'reste@example.org', token: 'x'.repeat(43) }], userEmail: 'reste@example.org' } } },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Oublier ce navigateur' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Non' }));
    expect(store.getState().visitor.userEmail).toBe('reste@example.org');
  });

  it('switches to dark mode and remembers the choice', async () => {
    window.localStorage.removeItem('tgm-color-mode');
    renderWithProviders(
      <PublicFrame>
        <p>contenu</p>
      </PublicFrame>,
    );
    const toggle = screen.getByRole('button', { name: 'Mode sombre' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem('tgm-color-mode')).toBe('dark');
  });
});
