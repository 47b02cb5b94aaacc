import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, type Column } from './DataTable';
import { pageWindow } from './pageWindow';

interface Person {
  id: number;
  name: string;
  city: string;
}

const people: Person[] = Array.from({ length: 123 }, (_, i) => ({
  id: i + 1,
  name: `Personne ${String(i + 1).padStart(3, '0')}`,
  city: i % 10 === 0 ? 'Lyon' : 'Paris',
}));
const columns: Column<Person>[] = [
  { key: 'name', label: 'Nom', text: (p) => p.name },
  { key: 'city', label: 'Ville', text: (p) => p.city },
];

const bodyRows = () => within(screen.getByRole('table', { name: 'Personnes' })).getAllByRole('row').slice(1);
const names = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0].textContent);
const pageLinks = () =>
  within(screen.getByRole('navigation', { name: 'Pagination Personnes' }))
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((b) => b.textContent);

function setup(rows = people, onRowClick?: (p: Person) => void) {
  render(<DataTable label="Personnes" columns={columns} rows={rows} rowKey={(p) => p.id} onRowClick={onRowClick} />);
}

describe('DataTable', () => {
  it('shows 10 rows by default and 5 page links', () => {
    setup();
    expect(names()).toHaveLength(10);
    expect(names()[0]).toBe('Personne 001');
    expect(pageLinks()).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('1–10 sur 123')).toBeInTheDocument();
  });

  it('offers the page sizes 5, 10, 20 and 50', async () => {
    setup();
    await userEvent.click(screen.getByRole('combobox', { name: 'Lignes par page' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['5', '10', '20', '50']);
    await userEvent.click(screen.getByRole('option', { name: '50' }));
    expect(names()).toHaveLength(50);
    expect(pageLinks()).toEqual(['1', '2', '3']);
  });

  it('keeps 5 page links centred on the current page, and moves with next, previous, first and last', async () => {
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(pageLinks()).toEqual(['3', '4', '5', '6', '7']);
    expect(names()[0]).toBe('Personne 041');
    await userEvent.click(screen.getByRole('button', { name: 'Dernière page' }));
    expect(pageLinks()).toEqual(['9', '10', '11', '12', '13']);
    expect(names()).toEqual(['Personne 121', 'Personne 122', 'Personne 123']);
    expect(screen.getByRole('button', { name: 'Page suivante' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Page précédente' }));
    expect(names()[0]).toBe('Personne 111');
    await userEvent.click(screen.getByRole('button', { name: 'Première page' }));
    expect(names()[0]).toBe('Personne 001');
  });

  it("filters on any cell through the 'Filter:' box, back to the first page", async () => {
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    const filter = screen.getByLabelText('Filter:');
    expect(filter).toHaveAttribute('placeholder', 'type string...');
    await userEvent.type(filter, 'lyon');
    expect(names()).toHaveLength(10);
    expect(names()[0]).toBe('Personne 001');
    expect(screen.getByText('1–10 sur 13')).toBeInTheDocument();
    expect(pageLinks()).toEqual(['1', '2']);
    await userEvent.clear(filter);
    await userEvent.type(filter, 'personne 12');
    expect(names()).toEqual(['Personne 120', 'Personne 121', 'Personne 122', 'Personne 123']);
    await userEvent.type(filter, 'zzz');
    expect(screen.getByText('Aucun élément.')).toBeInTheDocument();
  });

  it('opens a row on click and on Enter', async () => {
    const opened: number[] = [];
    setup(people.slice(0, 3), (p) => opened.push(p.id));
    await userEvent.click(screen.getByText('Personne 002'));
    bodyRows()[2].focus();
    await userEvent.keyboard('{Enter}');
    expect(opened).toEqual([2, 3]);
  });
});

describe('pageWindow', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 13, [1, 2, 3, 4, 5]],
    [2, 13, [1, 2, 3, 4, 5]],
    [7, 13, [5, 6, 7, 8, 9]],
    [13, 13, [9, 10, 11, 12, 13]],
    [12, 13, [9, 10, 11, 12, 13]],
  ])('page %i of %i links %j', (page, count, expected) => {
    expect(pageWindow(page, count, 5)).toEqual(expected);
  });
});
