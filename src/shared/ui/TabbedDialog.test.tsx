import { useEffect } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, LinearProgress } from '@mui/material';
import { TabbedDialog, type DialogTab } from './TabbedDialog';

/** Which panels mounted, in order: a lazy dialog mounts one at a time, again at each visit. */
let mounts: string[] = [];

function Panel({ name }: { name: string }) {
  useEffect(() => {
    mounts.push(name);
  }, [name]);
  return <input aria-label={`Champ ${name}`} />;
}

const TABS: DialogTab[] = [
  { label: 'Général', slug: 'general', content: <Panel name="general" /> },
  { label: 'Code', slug: 'code', content: <Panel name="code" /> },
];

const noop = () => undefined;

beforeEach(() => {
  mounts = [];
});

describe('TabbedDialog', () => {
  it('keeps every panel mounted by default, so what a tab holds survives a visit to another', async () => {
    const changes: string[] = [];
    render(<TabbedDialog open title="Liste : Mai" onClose={noop} tabs={TABS} onTabChange={(slug) => changes.push(slug)} />);
    expect(mounts).toEqual(['general', 'code']);
    await userEvent.type(screen.getByRole('textbox', { name: 'Champ general' }), 'gardé');
    await userEvent.click(screen.getByRole('tab', { name: 'Code' }));
    expect(screen.getByRole('tabpanel', { name: 'Code' })).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Général' }));
    expect(screen.getByRole('textbox', { name: 'Champ general' })).toHaveValue('gardé');
    expect(mounts).toEqual(['general', 'code']);
    expect(changes).toEqual(['code', 'general']);
  });

  it('with lazyPanels, mounts only the open tab: the others are not there at all', async () => {
    render(<TabbedDialog open title="Modèle : Mai" onClose={noop} tabs={TABS} lazyPanels />);
    expect(mounts).toEqual(['general']);
    expect(screen.queryByRole('textbox', { name: 'Champ code', hidden: true })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Code' }));
    expect(within(screen.getByRole('tabpanel', { name: 'Code' })).getByRole('textbox', { name: 'Champ code' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Champ general', hidden: true })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Général' }));
    expect(mounts).toEqual(['general', 'code', 'general']);
  });

  it('opens the tab the address names, and shows its messages and actions on every tab', async () => {
    const saves: number[] = [];
    render(
      <TabbedDialog
        open
        title="Modèle : Mai"
        onClose={noop}
        tabs={TABS}
        activeSlug="code"
        lazyPanels
        messages={<p>Version 2 enregistrée.</p>}
        actions={<Button onClick={() => saves.push(1)}>Enregistrer</Button>}
      />,
    );
    expect(screen.getByRole('tab', { name: 'Code', selected: true })).toBeInTheDocument();
    expect(mounts).toEqual(['code']);
    await userEvent.click(screen.getByRole('tab', { name: 'Général' }));
    expect(screen.getByText('Version 2 enregistrée.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(saves).toEqual([1]);
  });

  it('shows what is pending instead of the tabs, then the tabs in the same dialog; × is its one "Fermer"', async () => {
    const closes: number[] = [];
    const close = () => closes.push(1);
    const pending = <LinearProgress aria-label="Chargement du modèle…" />;
    const { rerender } = render(<TabbedDialog open title="Chargement du modèle…" onClose={close} tabs={[]} pending={pending} />);
    const dialog = screen.getByRole('dialog', { name: 'Chargement du modèle…' });
    expect(within(dialog).getByRole('progressbar', { name: 'Chargement du modèle…' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('tab')).not.toBeInTheDocument();

    rerender(<TabbedDialog open title="Modèle : Mai" onClose={close} tabs={TABS} actions={<Button>Enregistrer</Button>} />);
    expect(screen.getByRole('dialog', { name: 'Modèle : Mai' })).toBe(dialog);
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(dialog).getAllByRole('tab')).toHaveLength(2);
    const closeButtons = within(dialog).getAllByRole('button', { name: 'Fermer' });
    expect(closeButtons).toHaveLength(1);
    await userEvent.click(closeButtons[0]);
    expect(closes).toEqual([1]);
  });
});
