import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import type { VisitorProfile } from '../api';
import { FeedFiltersSettings } from './FeedFiltersSettings';

const api = (path: string, init: RequestInit = {}) => fetch(`${process.env.API_BASE_URL}${path}`, init);

async function newVisitor(): Promise<{ token: string; profile: VisitorProfile }> {
  const email = `filtres.${Date.now().toString(36)}@example.org`;
  const signup = await api('/rtEvent/new', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: 'api/rtEvent/new', email, name: 'optin_grp', grp_name: 'default', optin: true, data: {} }),
  });
  const { tokenAc: token } = (await signup.json()) as { tokenAc: string };
  const me = await api('/visitor/me', { headers: { 'x-visitor-token': token } });
  return { token, profile: (await me.json()) as VisitorProfile };
}

describe('FeedFiltersSettings (against the real API server)', () => {
  it('saves the switches and the words by keyboard, and the server keeps them', async () => {
    const { token, profile } = await newVisitor();
    expect(profile).toMatchObject({ hideShorts: false, hideLive: false, hiddenWords: [] });
    renderWithProviders(<FeedFiltersSettings token={token} profile={profile} />);
    const form = screen.getByRole('form', { name: 'Filtres du fil' });
    await userEvent.click(within(form).getByRole('switch', { name: 'Masquer les Shorts' }));
    await userEvent.click(within(form).getByLabelText('Mots à masquer'));
    await userEvent.keyboard('Épisode{Enter}{Enter}  direct du soir  ');
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer les filtres' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Filtres enregistrés.');
    const me = (await (await api('/visitor/me', { headers: { 'x-visitor-token': token } })).json()) as VisitorProfile;
    expect(me).toMatchObject({ hideShorts: true, hideLive: false, hiddenWords: ['Épisode', 'direct du soir'] });
    expect(within(form).getByLabelText('Mots à masquer')).toHaveValue('Épisode\ndirect du soir');
  });

  it('shows the server’s French refusal of a word of more than 50 characters', async () => {
    const { token, profile } = await newVisitor();
    renderWithProviders(<FeedFiltersSettings token={token} profile={profile} />);
    await userEvent.type(screen.getByLabelText('Mots à masquer'), 'x'.repeat(51));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les filtres' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/hiddenWords/);
  });
});
