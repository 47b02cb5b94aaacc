import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SequenceItem } from '../lib/sequence';
import { SequenceEditor } from './SequenceEditor';

const changes: SequenceItem[][] = [];

function Harness() {
  const [items, setItems] = useState<SequenceItem[]>([]);
  return (
    <SequenceEditor
      label="Séquence"
      profil="influenceur"
      items={items}
      onChange={(next) => {
        changes.push(next);
        setItems(next);
      }}
    />
  );
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Séquence' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [within(row).getAllByRole('cell')[0].textContent, (within(row).getByRole('textbox', { name: /^Clé/ }) as HTMLInputElement).value]);

async function add(key: string, value: string) {
  const form = screen.getAllByRole('textbox', { name: 'Clé' }).at(-1)!;
  await userEvent.type(form, key);
  await userEvent.type(screen.getAllByRole('textbox', { name: 'Valeur' }).at(-1)!, value);
  await userEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
}

describe('SequenceEditor', () => {
  beforeEach(() => (changes.length = 0));

  it('appends at count + 1, removes and renumbers 1..n, and replaces an edited item', async () => {
    render(<Harness />);
    expect(screen.getByText('La séquence est vide.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ajouter' })).toBeDisabled();
    await add('a', 'un');
    await add('b', 'deux');
    await add('c', 'trois');
    expect(rows()).toEqual([
      ['1', 'a'],
      ['2', 'b'],
      ['3', 'c'],
    ]);
    expect(changes.at(-1)?.[2]).toEqual({ sequence: 3, key: 'c', value: 'trois', type: 'text', profil: 'influenceur' });

    await userEvent.click(screen.getByRole('button', { name: "Retirer l'élément 2" }));
    expect(rows()).toEqual([
      ['1', 'a'],
      ['2', 'c'],
    ]);

    await userEvent.type(screen.getByRole('textbox', { name: 'Valeur 2' }), ' !');
    expect(changes.at(-1)?.map((i) => i.value)).toEqual(['un', 'trois !']);
    await add('d', 'quatre');
    expect(rows().at(-1)).toEqual(['3', 'd']);
  });
});
