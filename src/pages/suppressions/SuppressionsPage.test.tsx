import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { DEMO_ADMIN, DEMO_OPERATOR } from '../../testing/demoUsers';
import { apiCall, signedIn } from '../../testing/apiSession';
import SuppressionsPage from './SuppressionsPage';

/** The suppression list's page against the real API server: add, search, filter, remove after Oui, export. */
const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;

async function renderPage(user = DEMO_OPERATOR) {
  const auth = await signedIn(user);
  renderWithProviders(<SuppressionsPage />, { preloadedState: { auth }, route: '/influenceur/exclusions' });
  return auth;
}

const table = () => screen.getByRole('table', { name: "Liste d'exclusion" });
const search = async (text: string) => {
  const box = screen.getByRole('searchbox', { name: 'Filter:' });
  await userEvent.clear(box);
  await userEvent.type(box, text);
};

describe("the suppression list's page (against the real API server)", () => {
  it("adds an address with its reason, says so under the form, and shows the server's 409 for a second time", async () => {
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: "Liste d'exclusion" })).toBeInTheDocument();
    const email = `ajout-${unique()}@example.org`;
    const form = screen.getByRole('form', { name: 'Exclure une adresse' });
    await userEvent.click(within(form).getByRole('button', { name: 'Exclure' }));
    expect(within(form).getByText('Saisissez une adresse e-mail (texte, @, domaine).')).toBeInTheDocument();

    await userEvent.type(within(form).getByRole('textbox', { name: 'Adresse e-mail' }), email.toUpperCase());
    await userEvent.click(within(form).getByRole('combobox', { name: 'Motif' }));
    await userEvent.click(await screen.findByRole('option', { name: 'plainte' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Exclure' }));
    expect(await within(form).findByText(`${email} est exclue : aucune de vos listes ne lui écrira plus.`)).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Adresse e-mail' })).toHaveValue('');

    await search(email);
    const row = (await within(table()).findByText(email)).closest('tr') as HTMLElement;
    expect(within(row).getByText('plainte')).toBeInTheDocument();
    expect(within(row).getByText(DEMO_OPERATOR.email)).toBeInTheDocument();

    await userEvent.type(within(form).getByRole('textbox', { name: 'Adresse e-mail' }), email);
    await userEvent.click(within(form).getByRole('button', { name: 'Exclure' }));
    expect(await within(form).findByText(`L'adresse ${email} est déjà sur la liste d'exclusion (motif : plainte, plainte pour courrier indésirable).`)).toBeInTheDocument();
  });

  it('filters by reason and searches by address on the server', async () => {
    const auth = await signedIn(DEMO_OPERATOR);
    const tag = unique();
    await apiCall(auth, 'POST', '/suppressions', { email: `rejet-${tag}@example.org`, reason: 'rejeté' });
    await apiCall(auth, 'POST', '/suppressions', { email: `parti-${tag}@example.org`, reason: 'désabonné' });
    await renderPage();
    await search(tag);
    expect(await within(table()).findByText(`rejet-${tag}@example.org`)).toBeInTheDocument();
    expect(within(table()).getByText(`parti-${tag}@example.org`)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Filtrer par motif' }));
    await userEvent.click(await screen.findByRole('option', { name: 'désabonné de tout' }));
    await waitFor(() => expect(within(table()).queryByText(`rejet-${tag}@example.org`)).not.toBeInTheDocument());
    expect(within(table()).getByText(`parti-${tag}@example.org`)).toBeInTheDocument();
  });

  it('takes an address off only after Oui, and says so', async () => {
    const auth = await signedIn(DEMO_OPERATOR);
    const email = `retrait-${unique()}@example.org`;
    await apiCall(auth, 'POST', '/suppressions', { email, reason: 'opérateur' });
    await renderPage();
    await search(email);
    await within(table()).findByText(email);

    await userEvent.click(screen.getByRole('button', { name: `Retirer ${email} de la liste d'exclusion` }));
    let dialog = await screen.findByRole('dialog', { name: "Retirer de la liste d'exclusion ?" });
    expect(within(dialog).getByText(/pourra de nouveau être ajoutée à vos listes/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Non' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(table()).getByText(email)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: `Retirer ${email} de la liste d'exclusion` }));
    dialog = await screen.findByRole('dialog', { name: "Retirer de la liste d'exclusion ?" });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Oui' }));
    expect(await screen.findByText(`${email} n'est plus exclue.`)).toBeInTheDocument();
    await waitFor(() => expect(within(table()).queryByText(email)).not.toBeInTheDocument());
    const left = await apiCall<{ 'hydra:totalItems': number }>(auth, 'GET', `/suppressions?email=${encodeURIComponent(email)}`);
    expect(left['hydra:totalItems']).toBe(0);
  });

  it('exports what is shown as CSV through a download link; an admin sees every owner', async () => {
    const operator = await signedIn(DEMO_OPERATOR);
    const email = `export-${unique()}@example.org`;
    await apiCall(operator, 'POST', '/suppressions', { email, reason: 'rejeté' });
    const links: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      links.push(this.href);
    });
    try {
      await renderPage(DEMO_ADMIN);
      await search(email);
      const row = (await within(table()).findByText(email)).closest('tr') as HTMLElement;
      // The admin's table names whose list it is.
      expect(within(row).getAllByText(DEMO_OPERATOR.email).length).toBeGreaterThan(0);
      await userEvent.click(await screen.findByRole('button', { name: 'Exporter la vue (CSV)' }));
      await waitFor(() => expect(links).toHaveLength(1));
    } finally {
      click.mockRestore();
    }
    expect(links[0]).toMatch(/\/suppressions\.csv\?download=/);
    const csv = await (await fetch(links[0])).text();
    const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('email;motif;origine;exclue le;ajoutée par;compte');
    expect(lines.slice(1)).toEqual([expect.stringMatching(new RegExp(`^${email.replace(/\./g, '\\.')};rejeté;opérateur;`))]);
  });
});
