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
    const dialog = screen.getByRole('dialog', { name: "S'abonner à TGM" });
    expect(within(dialog).getByText('Quelle est votre adresse email ?')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'abonne@example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: "Je m'inscris pour démarrer" }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().visitor.userEmail).toBe('abonne@example.org');
    expect(store.getState().visitor.tokens).toEqual([{ email: 'abonne@example.org', token: expect.any(String) }]);
  });
});
