import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { DEMO_ADMIN } from '../../../testing/demoUsers';
import { apiCall, signedIn } from '../../../testing/apiSession';
import { LatestSends } from './LatestSends';

/** Waits that include a round trip to the real server (slower when the machine is busy). */
const SERVER = { timeout: 10_000 };
const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('the console’s latest sends (against the real API server)', () => {
  it('says when a planned send goes, in TIMEZONE, instead of its rates', async () => {
    // Rendered right after it is made, so that it is among the five latest.
    const run = `latest-${Date.now().toString(36)}`;
    const auth = await signedIn(DEMO_ADMIN);
    const list = await apiCall<{ id: number }>(auth, 'POST', '/grps', { subject: `Liste ${run}` });
    await apiCall(auth, 'POST', '/grp_rcps', { email: 'ana@example.org', grp: list.id });
    const delivery = await apiCall<{ id: number }>(auth, 'POST', '/deliveries', {
      label: `Envoi ${run}`,
      internalname: run,
      category: run,
      subject: 'Bonjour',
      codeHtml: [b64('<p>Bonjour</p>')],
      codeText: [b64('Bonjour')],
    });
    // 2 December 2031, 09:00 in Paris (winter time).
    await apiCall(auth, 'POST', '/sendEmail', { delId: delivery.id, listId: list.id, sendAt: '2031-12-02T08:00:00Z' });

    renderWithProviders(<LatestSends />, { preloadedState: { auth } });
    const latest = await screen.findByRole('region', { name: 'Derniers envois' }, SERVER);
    const link = await within(latest).findByRole('link', { name: `Ouvrir le rapport de « Envoi ${run} »` }, SERVER);
    const item = link.closest('li') as HTMLElement;
    expect(within(item).getByText('Planifié pour le 02-12-2031 09:00')).toBeInTheDocument();
    expect(within(item).queryByText(/Envoyés/)).not.toBeInTheDocument();
  });
});
