import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { plannedSend } from '../../../testing/plannedSend';
import { LatestSends } from './LatestSends';

/** Waits that include a round trip to the real server (slower when the machine is busy). */
const SERVER = { timeout: 10_000 };

describe('the console’s latest sends (against the real API server)', () => {
  it('says when a planned send goes, in TIMEZONE, instead of its rates', async () => {
    // Rendered right after it is made, so that it is among the five latest.
    // 2 December 2031, 09:00 in Paris (winter time).
    const { auth, run } = await plannedSend('2031-12-02T08:00:00Z');

    renderWithProviders(<LatestSends />, { preloadedState: { auth } });
    const latest = await screen.findByRole('region', { name: 'Derniers envois' }, SERVER);
    const link = await within(latest).findByRole('link', { name: new RegExp(`^Ouvrir le rapport de « Envoi ${run} » : « Envoi ${run} » → `) }, SERVER);
    const item = link.closest('li') as HTMLElement;
    expect(within(item).getByText('Planifié pour le 02-12-2031 09:00')).toBeInTheDocument();
    expect(within(item).queryByText(/Envoyés/)).not.toBeInTheDocument();
  });
});
