import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { DEMO_ADMIN } from '../../../testing/demoUsers';
import { apiCall, signedIn } from '../../../testing/apiSession';
import { CategoryTemplates } from './CategoryTemplates';
import { ListSends } from './SendHistory';

/** Waits that include a round trip to the real server (slower when the machine is busy). */
const SERVER = { timeout: 10_000 };

const CATEGORY = `send-${Date.now().toString(36)}`;
const b64 = (text: string) => Buffer.from(text).toString('base64');

async function fixture() {
  const auth = await signedIn(DEMO_ADMIN);
  const list = await apiCall<{ id: number }>(auth, 'POST', '/grps', { subject: `Liste ${CATEGORY}` });
  // Two other lists share a name: both are offered, each its own option.
  for (let n = 0; n < 2; n += 1) await apiCall(auth, 'POST', '/grps', { subject: `Homonyme ${CATEGORY}` });
  for (const email of ['un@example.org', 'deux@example.org', `exclu-${CATEGORY}@example.org`]) {
    await apiCall(auth, 'POST', '/grp_rcps', { email, grp: list.id });
  }
  // Its third contact is on the suppression list: still active in the list, but not mailed.
  await apiCall(auth, 'POST', '/suppressions', { email: `exclu-${CATEGORY}@example.org` });
  const delivery = await apiCall<{ id: number }>(auth, 'POST', '/deliveries', {
    label: `Envoi ${CATEGORY}`,
    internalname: CATEGORY,
    category: CATEGORY,
    subject: 'Bonjour',
    codeHtml: [b64('<p>Bonjour {{firstname}}</p>')],
    codeText: [b64('Bonjour')],
  });
  return { auth, listId: list.id, deliveryId: delivery.id };
}

describe('sending from the editor (against the real API server)', () => {
  it('runs a BAT to the operator by default, then sends to a chosen list and follows the progress', async () => {
    const { auth, listId } = await fixture();
    renderWithProviders(<CategoryTemplates category={CATEGORY} />, { preloadedState: { auth } });
    await userEvent.click(await screen.findByRole('link', { name: `Envoi ${CATEGORY}` }, SERVER));
    await screen.findByRole('dialog', { name: `Modèle : Envoi ${CATEGORY}` }, SERVER);

    await userEvent.click(screen.getByRole('button', { name: 'BAT' }));
    const bat = await screen.findByRole('dialog', { name: 'BAT (envoi de test)' }, SERVER);
    expect(within(bat).getByLabelText(/Adresse du BAT/)).toHaveValue(DEMO_ADMIN.email);
    await userEvent.click(within(bat).getByRole('button', { name: 'Envoyer le BAT' }));
    expect(await within(bat).findByText(`BAT envoyé à ${DEMO_ADMIN.email}.`, {}, SERVER)).toBeInTheDocument();
    await userEvent.click(within(bat).getByRole('button', { name: 'Fermer' }));

    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    const send = await screen.findByRole('dialog', { name: 'Envoyer à une liste' }, SERVER);
    // The list is found by the server's search, and chosen with the keyboard.
    const field = await within(send).findByRole('combobox', { name: 'Liste' }, SERVER);
    await userEvent.type(field, `Homonyme ${CATEGORY}`);
    await waitFor(() => expect(screen.getAllByRole('option', { name: `Homonyme ${CATEGORY}` })).toHaveLength(2), SERVER);
    await userEvent.clear(field);
    await userEvent.type(field, `${CATEGORY}-absente`);
    expect(await screen.findByText('Aucune liste ne correspond.', {}, SERVER)).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, `Liste ${CATEGORY}`);
    expect(await screen.findByRole('option', { name: `Liste ${CATEGORY}` }, SERVER)).toBeInTheDocument();
    // Each keystroke searched the server; the answers to the shorter searches may still be on
    // their way, so the listing settles on the last one.
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1), SERVER);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(field).toHaveValue(`Liste ${CATEGORY}`);
    await userEvent.click(within(send).getByRole('button', { name: 'Continuer' }));
    expect(
      within(send).getByText(
        `Envoyer « Envoi ${CATEGORY} » (version 1) à tous les contacts actifs de la liste « Liste ${CATEGORY} » ?`,
      ),
    ).toBeInTheDocument();
    // The confirmation counts who will receive it (issue 41) before it lets the send go.
    expect(await within(send).findByText(`Destinataires : 2 contacts actifs de la liste « Liste ${CATEGORY} ».`, {}, SERVER)).toBeInTheDocument();
    // The count is net of the suppression list (issue 41), and says how many it leaves out.
    expect(within(send).getByText('1 autre contact actif est sur la liste d’exclusion : il ne le recevra pas.')).toBeInTheDocument();
    expect(within(send).getByText('Objet : Bonjour')).toBeInTheDocument();
    await userEvent.click(within(send).getByRole('button', { name: 'Confirmer l’envoi' }));
    expect(
      await within(send).findByText('Terminé · Envoyés : 2 / 2 · Échecs : 0 · En attente : 0', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(within(send).getByRole('progressbar', { name: 'Progression de l’envoi' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );

    // The list's sends, as the list editor's Workflow tab shows them.
    renderWithProviders(<ListSends listId={listId} />, { preloadedState: { auth } });
    const history = await screen.findByRole('list', { name: 'Envois' }, SERVER);
    expect(
      await within(history).findByText(
        `« Envoi ${CATEGORY} » v1 → « Liste ${CATEGORY} » · ${new Date().toLocaleDateString('fr-FR').replace(/\//g, '-')}`,
        {},
        SERVER,
      ),
    ).toBeInTheDocument();
    expect(
      await within(history).findByText('Terminé · Envoyés : 2 / 2 · Échecs : 0 · En attente : 0', {}, SERVER),
    ).toBeInTheDocument();
  });

  it('shows no sends for a list that had none', async () => {
    const auth = await signedIn(DEMO_ADMIN);
    const list = await apiCall<{ id: number }>(auth, 'POST', '/grps', { subject: 'Vide' });
    renderWithProviders(<ListSends listId={list.id} />, { preloadedState: { auth } });
    expect(await screen.findByText('Aucun envoi pour le moment.', {}, SERVER)).toBeInTheDocument();
  });
});
