import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import type { DeliveryDraft } from '../draft';
import { BlocksEditor } from './tabs/BlocksEditor';

const CODE_TEMPLATE = { id: 1, subject: 'Bonjour', html: '<p>Écrit à la main</p>', text: 'Écrit à la main', codeAmp: '', blocks: null } as unknown as DeliveryDraft;

/** The editor over a working copy of its own; `seen` receives each state of it. */
function Harness({ start, seen }: { start: DeliveryDraft; seen: (draft: DeliveryDraft) => void }) {
  const [draft, setDraft] = useState(start);
  seen(draft);
  return <BlocksEditor draft={draft} change={(patch) => setDraft((previous) => ({ ...previous, ...patch }))} />;
}

describe('the « Blocs » mode (issue 41)', () => {
  it('does not turn a template written in code into blocks unless the operator confirms', async () => {
    let latest = CODE_TEMPLATE;
    renderWithProviders(<Harness start={CODE_TEMPLATE} seen={(draft) => (latest = draft)} />);
    expect(screen.getByText(/Ce modèle est écrit en code/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Blocs du message' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remplacer le code par des blocs' }));
    const ask = screen.getByRole('dialog', { name: 'Passer ce modèle en blocs ?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Non' }));
    expect(latest).toEqual(CODE_TEMPLATE);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Remplacer le code par des blocs' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Passer ce modèle en blocs ?' })).getByRole('button', { name: 'Oui' }));
    expect(screen.getByRole('region', { name: 'Bloc 1 : Titre' })).toBeInTheDocument();
    expect(latest.blocks?.map((block) => block.type)).toEqual(['title', 'text', 'button', 'footer']);
    expect(latest.text).toContain('Se désabonner : {{unsubscribeUrl}}');
    expect(latest.text).toContain('Gérer mes abonnements : {{preferencesUrl}}');
    expect(latest.codeAmp).toContain('<html ⚡4email data-css-strict lang="fr">');
    // The HTML follows as MJML answers.
    await waitFor(() => expect(latest.html).toContain('Votre titre'));
    expect(latest.html).not.toContain('Écrit à la main');
  });

  it('writes every part again as a block changes, moves or goes', async () => {
    const start = { ...CODE_TEMPLATE, html: '', text: '', blocks: [] } as unknown as DeliveryDraft;
    let latest = start;
    renderWithProviders(<Harness start={start} seen={(draft) => (latest = draft)} />);
    expect(screen.getByText('Aucun bloc pour le moment : ajoutez-en un ci-dessous.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter : Bouton' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter : Vidéos' }));
    const videos = screen.getByRole('region', { name: 'Bloc 2 : Vidéos' });
    await userEvent.type(within(videos).getByLabelText('Créateurs (séparés par des virgules)'), 'Chaîne "A"');
    await userEvent.type(within(videos).getByLabelText('Groupe'), 'Cuisine');
    const tag = '{{videos createurs="Chaîne A" groupe="Cuisine" depuis="dernier envoi" max=6}}';
    expect(latest.text).toContain(tag);
    expect(latest.codeAmp).toContain(tag);
    await waitFor(() => expect(latest.html).toContain(tag));

    await userEvent.click(screen.getByRole('button', { name: 'Monter le bloc 2' }));
    expect(latest.blocks?.map((block) => block.type)).toEqual(['videos', 'button']);
    expect(latest.text.indexOf(tag)).toBeLessThan(latest.text.indexOf('En savoir plus'));
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer le bloc 1' }));
    expect(latest.blocks?.map((block) => block.type)).toEqual(['button']);
    expect(latest.text).not.toContain('videos');
    await waitFor(() => expect(latest.html).not.toContain('videos'));
  });
});
