import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { DEMO_OPERATOR } from '../../../testing/demoUsers';
import { signedIn } from '../../../testing/apiSession';
import { AddContactForm } from './AddContactForm';
import type { List } from '../types';

async function operatorList(): Promise<{ auth: Awaited<ReturnType<typeof signedIn>>; list: List }> {
  const auth = await signedIn(DEMO_OPERATOR);
  const response = await fetch(`${process.env.API_BASE_URL}/grps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${auth.accessToken}` },
    body: JSON.stringify({ subject: `Formulaire ${Date.now()}` }),
  });
  return { auth, list: (await response.json()) as List };
}

const fill = async (values: { email?: string; firstname?: string; phone?: string }) => {
  if (values.email) await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), values.email);
  if (values.firstname) await userEvent.type(screen.getByRole('textbox', { name: 'Prénom' }), values.firstname);
  if (values.phone) await userEvent.type(screen.getByRole('textbox', { name: 'Téléphone' }), values.phone);
  await userEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
};

describe('AddContactForm (against the real API server)', () => {
  it("says '{field} is not valid.' for every empty field, and sends nothing", async () => {
    const { auth, list } = await operatorList();
    const { store } = renderWithProviders(<AddContactForm list={list} />, { preloadedState: { auth } });
    await fill({});
    expect(screen.getByText('Email is not valid.')).toBeInTheDocument();
    expect(screen.getByText('Prénom is not valid.')).toBeInTheDocument();
    expect(screen.getByText('Téléphone is not valid.')).toBeInTheDocument();
    expect(store.getState().api.mutations).toEqual({});
  });

  it('refuses fewer than 4 or more than 50 characters, and an e-mail without a domain', async () => {
    const { auth, list } = await operatorList();
    renderWithProviders(<AddContactForm list={list} />, { preloadedState: { auth } });
    await fill({ email: 'ana@example', firstname: 'Ana', phone: '0'.repeat(51) });
    expect(screen.getByText('Email is not valid.')).toBeInTheDocument();
    expect(screen.getByText('Prénom is not valid.')).toBeInTheDocument();
    expect(screen.getByText('Téléphone is not valid.')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Prénom' }));
    await fill({ firstname: 'Anaïs' });
    expect(screen.queryByText('Prénom is not valid.')).not.toBeInTheDocument();
    expect(screen.getByText('Email is not valid.')).toBeInTheDocument();
  });

  it("adds a valid contact, then shows the server's refusal of the same e-mail", async () => {
    const { auth, list } = await operatorList();
    renderWithProviders(<AddContactForm list={list} />, { preloadedState: { auth } });
    await fill({ email: 'anais@example.org', firstname: 'Anaïs', phone: '0601020304' });
    expect(await screen.findByText('anais@example.org a été ajouté à la liste.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('');
    await fill({ email: 'ANAIS@example.org', firstname: 'Anaïs', phone: '0601020304' });
    await waitFor(() => expect(screen.getByText(/est déjà dans cette liste/)).toBeInTheDocument());
    const counts = await fetch(`${process.env.API_BASE_URL}/grp_rcps/${list.id}/count`, {
      headers: { authorization: `Bearer ${auth.accessToken}` },
    });
    expect(await counts.json()).toEqual({ count: 1, countStart: 1 });
  });
});
