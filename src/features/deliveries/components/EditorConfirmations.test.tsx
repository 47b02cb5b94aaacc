import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { DEMO_ADMIN } from '../../../testing/demoUsers';
import { apiCall, signedIn } from '../../../testing/apiSession';
import { CategoryTemplates } from './CategoryTemplates';

/** Waits that include a round trip to the real server (slower when the machine is busy). */
const SERVER = { timeout: 10_000 };

const b64 = (text: string) => Buffer.from(text).toString('base64');
const run = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

/** A template with content at version 2 whose version 1 is published, and a list of 3 contacts, one unsubscribed. */
async function fixture() {
  const name = `confirm-${run()}`;
  const auth = await signedIn(DEMO_ADMIN);
  const list = await apiCall<{ id: number }>(auth, 'POST', '/grps', { subject: `Liste ${name}` });
  const contacts = [];
  for (const email of ['a@example.org', 'b@example.org', 'c@example.org']) {
    contacts.push(await apiCall<{ id: number }>(auth, 'POST', '/grp_rcps', { email, grp: list.id }));
  }
  await apiCall(auth, 'PATCH', `/grp_rcps/${contacts[2].id}`, { status: 'désabonné' });
  const empty = await apiCall<{ id: number }>(auth, 'POST', '/grps', { subject: `Vide ${name}` });
  const delivery = await apiCall<{ id: number }>(auth, 'POST', '/deliveries', {
    label: `Lettre ${name}`,
    internalname: name,
    category: name,
    subject: 'Bonjour',
    codeHtml: [b64('<p>Bonjour {{firstname}}</p>')],
    codeText: [b64('Bonjour')],
  });
  await apiCall(auth, 'POST', '/amp/bo/modele/new', { id: delivery.id });
  await apiCall(auth, 'PATCH', `/deliveries/${delivery.id}`, { version: 2, subject: 'Nouvelles de mai' });
  return { auth, name, listId: list.id, emptyId: empty.id, deliveryId: delivery.id };
}

async function openEditor(auth: Awaited<ReturnType<typeof signedIn>>, name: string) {
  renderWithProviders(<CategoryTemplates category={name} />, { preloadedState: { auth } });
  await userEvent.click(await screen.findByRole('link', { name: `Lettre ${name}` }, SERVER));
  return screen.findByRole('dialog', { name: `Modèle : Lettre ${name}` }, SERVER);
}

async function chooseList(dialog: HTMLElement, subject: string) {
  const field = await within(dialog).findByRole('combobox', { name: 'Liste' }, SERVER);
  await userEvent.clear(field);
  await userEvent.type(field, subject);
  await userEvent.click(await screen.findByRole('option', { name: subject }, SERVER));
  expect(field).toHaveValue(subject);
}

describe('the editor says what its buttons do (issue 41, against the real API server)', () => {
  afterEach(cleanup);

  it("names MEP for what it does and confirms it, saying which version becomes the published one", async () => {
    const { auth, name, deliveryId } = await fixture();
    const editor = await openEditor(auth, name);
    // The spec's word and what it does, in one name; the tooltip says more.
    const publish = within(editor).getByRole('button', { name: 'Publier cette version (MEP)' });
    expect(publish).toHaveAccessibleDescription(/^MEP \(mise en production\) : la version enregistrée devient la version publiée/);

    await userEvent.click(publish);
    let confirm = await screen.findByRole('dialog', { name: 'Publier cette version (MEP) ?' });
    expect(
      await within(confirm).findByText(
        `La version 2 de « Lettre ${name} » (objet « Nouvelles de mai ») remplace la version 1 comme version publiée : les envois planifiés partiront désormais avec elle.`,
        {},
        SERVER,
      ),
    ).toBeInTheDocument();
    // Non publishes nothing.
    await userEvent.click(within(confirm).getByRole('button', { name: 'Non' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Publier cette version (MEP) ?' })).not.toBeInTheDocument());
    const versions = await apiCall<{ data: { version: number; publishedAt: string | null }[] }>(auth, 'GET', `/deliveryAll/${deliveryId}`);
    expect(versions.data.find((v) => v.version === 2)?.publishedAt).toBeNull();

    await userEvent.click(publish);
    confirm = await screen.findByRole('dialog', { name: 'Publier cette version (MEP) ?' });
    await waitFor(() => expect(within(confirm).getByRole('button', { name: 'Oui' })).toBeEnabled(), SERVER);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Oui' }));
    expect(await within(editor).findByText('Version 2 mise en production.', {}, SERVER)).toBeInTheDocument();

    // Published already: the confirmation says that nothing else changes.
    await userEvent.click(publish);
    confirm = await screen.findByRole('dialog', { name: 'Publier cette version (MEP) ?' });
    expect(
      await within(confirm).findByText(`La version 2 de « Lettre ${name} » est déjà la version publiée : elle sera publiée à nouveau, sans autre changement.`, {}, SERVER),
    ).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Non' }));
  });

  it('confirms Envoyer with the version, the subject and the number of active contacts, and not to nobody', async () => {
    const { auth, name } = await fixture();
    const editor = await openEditor(auth, name);
    const sendButton = within(editor).getByRole('button', { name: 'Envoyer' });
    expect(sendButton).toHaveAccessibleDescription(/confirmé avant le départ/);
    await userEvent.click(sendButton);
    const send = await screen.findByRole('dialog', { name: 'Envoyer à une liste' }, SERVER);

    await chooseList(send, `Vide ${name}`);
    await userEvent.click(within(send).getByRole('button', { name: 'Continuer' }));
    expect(
      await within(send).findByText(`La liste « Vide ${name} » n’a aucun contact actif : personne ne recevrait ce message.`, {}, SERVER),
    ).toBeInTheDocument();
    expect(within(send).getByRole('button', { name: 'Confirmer l’envoi' })).toBeDisabled();
    await userEvent.click(within(send).getByRole('button', { name: 'Annuler' }));

    await chooseList(send, `Liste ${name}`);
    await userEvent.click(within(send).getByRole('button', { name: 'Continuer' }));
    expect(within(send).getByText(`Envoyer « Lettre ${name} » (version 2) à tous les contacts actifs de la liste « Liste ${name} » ?`)).toBeInTheDocument();
    expect(within(send).getByText('Objet : Nouvelles de mai')).toBeInTheDocument();
    // Three contacts, one unsubscribed: two receive it.
    expect(await within(send).findByText(`Destinataires : 2 contacts actifs de la liste « Liste ${name} ».`, {}, SERVER)).toBeInTheDocument();
    expect(within(send).getByRole('button', { name: 'Confirmer l’envoi' })).toBeEnabled();
  });

  it('reads a saved schedule back as saved: no "Enregistrez d’abord", Envoyer enabled, the frequency there after a reload', async () => {
    const { auth, name } = await fixture();
    let editor = await openEditor(auth, name);
    await userEvent.click(within(editor).getByRole('tab', { name: 'Diffusion' }));
    await chooseList(editor, `Liste ${name}`);
    await userEvent.click(within(editor).getByRole('combobox', { name: 'Fréquence' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Quotidienne' }));
    fireEvent.change(within(editor).getByLabelText(/^Première date et heure/), { target: { value: '2031-12-01T09:30' } });
    expect(within(editor).getByText('Enregistrez d’abord vos modifications.')).toBeInTheDocument();
    await userEvent.click(within(editor).getByRole('button', { name: 'Planifier' }));
    expect(await within(editor).findByText('Planification enregistrée.', {}, SERVER)).toBeInTheDocument();
    expect(await within(editor).findByText(/^Prochain envoi : 01-12-2031 09:30 · Quotidienne$/, {}, SERVER)).toBeInTheDocument();
    // The plan is saved, and so are the frequency and list it was made of.
    await waitFor(() => expect(within(editor).queryByText('Enregistrez d’abord vos modifications.')).not.toBeInTheDocument(), SERVER);
    expect(within(editor).getByRole('button', { name: 'Envoyer' })).toBeEnabled();

    // A reload: a fresh store reads the template again.
    cleanup();
    editor = await openEditor(auth, name);
    await userEvent.click(within(editor).getByRole('tab', { name: 'Diffusion' }));
    expect(within(editor).getByRole('combobox', { name: 'Fréquence' })).toHaveTextContent('Quotidienne');
    expect(await within(editor).findByText(/^Prochain envoi : 01-12-2031 09:30 · Quotidienne$/, {}, SERVER)).toBeInTheDocument();
    expect(await within(editor).findByRole('combobox', { name: 'Liste' }, SERVER)).toHaveValue(`Liste ${name}`);

    // Stopped, it reads 'Aucune'.
    await userEvent.click(within(editor).getByRole('button', { name: 'Arrêter la planification' }));
    expect(await within(editor).findByText('Planification arrêtée.', {}, SERVER)).toBeInTheDocument();
    await waitFor(() => expect(within(editor).getByRole('combobox', { name: 'Fréquence' })).toHaveTextContent('Aucune'), SERVER);
    expect(within(editor).queryByLabelText(/^Première date et heure/)).not.toBeInTheDocument();
    expect(within(editor).queryByText('Enregistrez d’abord vos modifications.')).not.toBeInTheDocument();
  });
});
