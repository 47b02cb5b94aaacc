import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { DEMO_ADMIN, DEMO_OPERATOR } from '../../testing/demoUsers';
import { apiCall, signedIn } from '../../testing/apiSession';
import FollowingPage from './FollowingPage';

const api = () => process.env.API_BASE_URL as string;
const CREATOR = 'Crypto Décodée';

/** A visitor of the real server who follows the demo's crypto creator. */
async function visitorFollowing(handle: string): Promise<void> {
  const email = `audience.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.org`;
  const signup = await fetch(`${api()}/rtEvent/new`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: 'api/rtEvent/new', email, name: 'optin_grp', grp_name: 'default', optin: true, data: {} }),
  });
  const { tokenAc: token } = (await signup.json()) as { tokenAc: string };
  const headers = { 'content-type': 'application/json', 'x-visitor-token': token };
  const name = `audience-${Math.random().toString(36).slice(2, 10)}`;
  expect((await fetch(`${api()}/visitor/liste`, { method: 'POST', headers, body: JSON.stringify({ name }) })).status).toBe(201);
  expect((await fetch(`${api()}/visitor/follow`, { method: 'POST', headers, body: JSON.stringify({ chaine: handle }) })).status).toBe(200);
}

const table = () => screen.getByRole('table', { name: 'Créateurs suivis' });
const rowOf = (name: string) => within(table()).getByRole('row', { name: new RegExp(name) });

describe('/following, the audience console', () => {
  beforeAll(() => visitorFollowing('@CryptoDecodee'));

  it('shows each followed creator’s figures as the API counts them, filters by category and sorts', async () => {
    const session = await signedIn(DEMO_ADMIN);
    renderWithProviders(<FollowingPage />, { preloadedState: { auth: session } });
    expect(screen.getByRole('heading', { name: 'Manager follower' })).toBeInTheDocument();
    await waitFor(() => expect(rowOf(CREATOR)).toBeInTheDocument());
    const collection = await apiCall<{ 'hydra:member': { name: string; followers: number; digestSubscribers: number }[] }>(session, 'GET', '/audience?itemsPerPage=100');
    const figures = collection['hydra:member'].find((member) => member.name === CREATOR)!;
    expect(figures.followers).toBeGreaterThanOrEqual(1);
    const cells = within(rowOf(CREATOR)).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(0, 3)).toEqual([CREATOR, 'crypto', String(figures.followers)]);

    // Another category: the crypto creator leaves the table.
    await userEvent.click(screen.getByRole('combobox', { name: 'Catégorie' }));
    await userEvent.click(await screen.findByRole('option', { name: 'economie' }));
    await waitFor(() => expect(within(table()).queryByRole('row', { name: new RegExp(CREATOR) })).toBeNull());
    await userEvent.click(screen.getByRole('combobox', { name: 'Catégorie' }));
    await userEvent.click(await screen.findByRole('option', { name: 'crypto' }));
    await waitFor(() => expect(rowOf(CREATOR)).toBeInTheDocument());

    // A click on a figure's header sorts on it, ascending, on the server.
    const header = within(table()).getByRole('columnheader', { name: 'Nouveaux (7 j)' });
    await userEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'ascending'));
    await waitFor(() => expect(rowOf(CREATOR)).toBeInTheDocument());
  });

  it('opens a creator’s weeks: a sentence, not an empty chart, while there is one week', async () => {
    renderWithProviders(<FollowingPage />, { preloadedState: { auth: await signedIn(DEMO_ADMIN) } });
    await waitFor(() => expect(rowOf(CREATOR)).toBeInTheDocument());
    await userEvent.click(within(rowOf(CREATOR)).getByRole('button', { name: CREATOR }));
    const weeks = await screen.findByRole('region', { name: `${CREATOR} : semaine par semaine` });
    // Every follow and rating of the demo's creator is from this week.
    expect(await within(weeks).findByText('Pas encore assez de semaines pour tracer une évolution : il en faut au moins deux.')).toBeInTheDocument();
  });

  it('exports the table as CSV through a one-minute link, in the operator’s scope', async () => {
    const admin = await signedIn(DEMO_ADMIN);
    const operator = await signedIn(DEMO_OPERATOR);
    // The operator's category "crypto" (admins give categories).
    const theirs = await apiCall<{ 'hydra:totalItems': number }>(admin, 'GET', `/categories?user=${operator.user.id}&name=crypto`);
    if (theirs['hydra:totalItems'] === 0) await apiCall(admin, 'POST', '/categories', { name: 'crypto', user: operator.user.id });
    const links: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      links.push(this.href);
    });
    try {
      renderWithProviders(<FollowingPage />, { preloadedState: { auth: operator } });
      await waitFor(() => expect(rowOf(CREATOR)).toBeInTheDocument());
      await userEvent.click(screen.getByRole('button', { name: 'Exporter en CSV' }));
      await waitFor(() => expect(links).toHaveLength(1));
      expect(links[0]).toMatch(/\/audience\.csv\?download=/);
      const csv = await (await fetch(links[0])).text();
      const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines[0]).toMatch(/^Créateur;Chaîne;Catégorie;Abonnés;/);
      // Only crypto creators: the operator's one category.
      expect(lines.slice(1).length).toBeGreaterThanOrEqual(1);
      for (const line of lines.slice(1)) expect(line.split(';')[2]).toBe('crypto');
      expect(csv).toContain(CREATOR);
    } finally {
      click.mockRestore();
    }
  });
});
