import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { DEMO_ADMIN } from '../../../testing/demoUsers';
import { apiCall, signedIn } from '../../../testing/apiSession';
import { NewsletterView } from './NewsletterView';

const SERVER = { timeout: 15_000 };
const b64 = (text: string) => Buffer.from(text).toString('base64');

/** A delivery sent to a one-contact list through the real API server; answers the send's id. */
async function sentNewsletter(subject: string, properties: Record<string, unknown> = {}) {
  const admin = await signedIn(DEMO_ADMIN);
  const delivery = await apiCall<{ id: number }>(admin, 'POST', '/deliveries', {
    label: subject,
    internalname: `lettre-publique-${Math.random().toString(36).slice(2, 10)}`,
    subject,
    codeHtml: [b64('<html><head></head><body><p>Le contenu de la lettre</p></body></html>')],
    codeText: [b64('Le contenu de la lettre')],
    properties,
  });
  const list = await apiCall<{ id: number }>(admin, 'POST', '/grps', { subject: 'Lecteurs' });
  await apiCall(admin, 'POST', '/grp_rcps', { email: `lecteur-${Date.now()}@example.org`, grp: list.id });
  const send = await apiCall<{ id: number }>(admin, 'POST', '/sendEmail', { delId: delivery.id, listId: list.id });
  return send.id;
}

describe('the public page of a sent newsletter (issue 40, against the real API server)', () => {
  it('shows its subject, its date and the letter as sent in a sandboxed frame', async () => {
    const sendId = await sentNewsletter('La lettre publique');
    renderWithProviders(<NewsletterView sendId={sendId} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'La lettre publique' }, SERVER)).toBeInTheDocument();
    expect(screen.getByText(/^Envoyée le /)).toBeInTheDocument();
    const frame = screen.getByTitle('Lettre : La lettre publique');
    expect(frame).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
    expect(frame.getAttribute('srcdoc')).toContain('Le contenu de la lettre');
    expect(frame.getAttribute('srcdoc')).toContain('<base target="_blank">');
  });

  it("says so when the letter is private or does not exist", async () => {
    const sendId = await sentNewsletter('La lettre privée', { private: true });
    renderWithProviders(<NewsletterView sendId={sendId} />);
    expect(await screen.findByText("Cette lettre n'existe pas ou n'est pas publique.", undefined, SERVER)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'La lettre privée' })).not.toBeInTheDocument();
  });
});
