import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { DEMO_ADMIN } from '../../../testing/demoUsers';
import { LoginForm } from './LoginForm';

const fill = async (email: string, password: string) => {
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  if (password) await userEvent.type(screen.getByLabelText('Mot de passe'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
};

describe('LoginForm (against the real API server)', () => {
  it('shows both required messages and sends nothing when the fields are empty', async () => {
    const onSuccess = jest.fn();
    const { store } = renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    await fill('', '');
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(store.getState().api.mutations).toEqual({});
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('shows only the missing one', async () => {
    renderWithProviders(<LoginForm onSuccess={jest.fn()} />);
    await fill('someone@example.org', '');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it("shows the server's message under the form when the login is refused", async () => {
    const { store } = renderWithProviders(<LoginForm onSuccess={jest.fn()} />);
    await fill(DEMO_ADMIN.email, 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Identifiants invalides.');
    expect(store.getState().auth.user).toBeNull();
  });

  it('stores the decoded user and token on success', async () => {
    const onSuccess = jest.fn();
    const { store } = renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    await fill(DEMO_ADMIN.email, DEMO_ADMIN.password);
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    const { user, accessToken } = store.getState().auth;
    expect(user).toMatchObject({ username: DEMO_ADMIN.email, roles: expect.arrayContaining(['ROLE_ADMIN']) });
    expect(user?.id).toEqual(expect.any(Number));
    expect(user?.ip).toEqual(expect.any(String));
    expect(accessToken).toBe(user?.token);
  });
});
