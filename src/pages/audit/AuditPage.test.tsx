import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { DEMO_ADMIN, DEMO_OPERATOR } from '../../testing/demoUsers';
import { apiCall, signedIn } from '../../testing/apiSession';
import AuditPage from './AuditPage';

/** The audit page (issue 38) against the real API server: a person erased after Oui, then its entry in the trail. */
const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;

describe("the audit page (against the real API server)", () => {
  it("erases a person after Oui and shows the erasure in the trail, by its hash only", async () => {
    const auth = await signedIn(DEMO_ADMIN);
    const email = `audit-${unique()}@example.org`;
    await apiCall(auth, 'POST', '/suppressions', { email, reason: 'opérateur' });
    renderWithProviders(<AuditPage />, { preloadedState: { auth }, route: '/influenceur/audit' });
    expect(screen.getByRole('heading', { level: 1, name: "Journal d'audit" })).toBeInTheDocument();

    const form = screen.getByRole('form', { name: "Données d'une personne" });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Adresse e-mail' }), email);
    await userEvent.click(within(form).getByRole('button', { name: 'Effacer' }));
    let dialog = await screen.findByRole('dialog', { name: 'Effacer cette personne ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Non' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(within(form).getByRole('button', { name: 'Effacer' }));
    dialog = await screen.findByRole('dialog', { name: 'Effacer cette personne ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Oui' }));
    expect(await screen.findByText(/^Personne effacée : \d+ ligne\(s\)/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const table = screen.getByRole('table', { name: "Journal d'audit" });
    await waitFor(() => expect(within(table).getAllByText('personne effacée').length).toBeGreaterThan(0));
    expect(within(table).queryByText(email)).not.toBeInTheDocument();
    expect(within(table).getAllByText(/^hmac-sha256:/).length).toBeGreaterThan(0);
  });

  it('tells an operator the page is for admins', async () => {
    const auth = await signedIn(DEMO_OPERATOR);
    renderWithProviders(<AuditPage />, { preloadedState: { auth }, route: '/influenceur/audit' });
    expect(screen.getByText("Réservé aux administrateurs : le journal d'audit.")).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
