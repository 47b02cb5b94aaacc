import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { apiCall } from '../../../testing/apiSession';
import { plannedSend } from '../../../testing/plannedSend';
import { ListSends } from './SendHistory';

/** Waits that include a round trip to the real server (slower when the machine is busy). */
const SERVER = { timeout: 10_000 };
describe('a planned send in the console (against the real API server)', () => {
  it('shows when it goes in TIMEZONE, and moves it to a date and time entered there', async () => {
    // 2 December 2031, 09:00 in Paris (winter time).
    const { auth, listId, sendId } = await plannedSend('2031-12-02T09:00:00+01:00');
    renderWithProviders(<ListSends listId={listId} />, { preloadedState: { auth } });
    const history = await screen.findByRole('list', { name: 'Envois' }, SERVER);
    expect(await within(history).findByText('Planifié pour le 02-12-2031 09:00', {}, SERVER)).toBeInTheDocument();

    await userEvent.click(within(history).getByRole('button', { name: 'Changer la date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changer la date de l’envoi planifié' });
    const field = within(dialog).getByLabelText(/Date et heure d’envoi \(Europe\/Paris\)/);
    expect(field).toHaveValue('2031-12-02T09:00');
    // 1 July 2032, 18:15 in Paris is summer time: 16:15 UTC.
    await userEvent.clear(field);
    await userEvent.type(field, '2032-07-01T18:15');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await within(history).findByText('Planifié pour le 01-07-2032 18:15', {}, SERVER)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const moved = await apiCall<{ status: string; sendAt: string }>(auth, 'GET', `/sends/${sendId}`);
    expect(moved).toMatchObject({ status: 'scheduled' });
    expect(new Date(moved.sendAt).toISOString()).toBe('2032-07-01T16:15:00.000Z');
  });

  it('keeps the dialog open with the server’s French message when the time has passed', async () => {
    const { auth, listId, sendId } = await plannedSend('2031-12-02T09:00:00+01:00');
    renderWithProviders(<ListSends listId={listId} />, { preloadedState: { auth } });
    const history = await screen.findByRole('list', { name: 'Envois' }, SERVER);
    await userEvent.click(await within(history).findByRole('button', { name: 'Changer la date' }, SERVER));
    const dialog = await screen.findByRole('dialog', { name: 'Changer la date de l’envoi planifié' });
    const field = within(dialog).getByLabelText(/Date et heure d’envoi/);
    await userEvent.clear(field);
    await userEvent.type(field, '2020-01-01T10:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await within(dialog).findByText("La date '2020-01-01T10:00' est passée.", {}, SERVER)).toBeInTheDocument();
    const unchanged = await apiCall<{ sendAt: string }>(auth, 'GET', `/sends/${sendId}`);
    expect(new Date(unchanged.sendAt).toISOString()).toBe('2031-12-02T08:00:00.000Z');
  });
});
