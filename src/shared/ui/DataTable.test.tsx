import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { Column } from './DataTable';
import { InMemoryDataTable } from './InMemoryDataTable';
import { pageWindow } from './pageWindow';
import { hydraParams, initialTableQuery, sortBy } from './tableQuery';

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
  { key: 'name', label: 'Nom', text: (p) => p.name, sortField: 'name' },
  { key: 'city', label: 'Ville', text: (p) => p.city, sortField: 'city' },
];

/**
 * The table over rows held in memory (InMemoryDataTable), which filters, sorts and pages them
 * exactly as the hydra layer answers a page (the server side is tested in
 * server/modules/lists/contactsTable.test.ts).
 */
function Harness({ rows, onRowClick }: { rows: Person[]; onRowClick?: (p: Person) => void }) {
  return <InMemoryDataTable label="Personnes" columns={columns} rows={rows} rowKey={(p) => p.id} onRowClick={onRowClick} />;
}

const bodyRows = () => within(screen.getByRole('table', { name: 'Personnes' })).getAllByRole('row').slice(1);
const names = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0].textContent);
const pageLinks = () =>
  within(screen.getByRole('navigation', { name: 'Pagination Personnes' }))
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((b) => b.textContent);

function setup(rows = people, onRowClick?: (p: Person) => void) {
  render(
    <MemoryRouter>
      <Harness rows={rows} onRowClick={onRowClick} />
    </MemoryRouter>,
  );
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
    expect(await screen.findByText('1–10 sur 13')).toBeInTheDocument();
    expect(names()).toHaveLength(10);
    expect(names()[0]).toBe('Personne 001');
    expect(screen.getByText('1–10 sur 13')).toBeInTheDocument();
    expect(pageLinks()).toEqual(['1', '2']);
    await userEvent.clear(filter);
    await userEvent.type(filter, 'personne 12');
    expect(await screen.findByText('1–4 sur 4')).toBeInTheDocument();
    expect(names()).toEqual(['Personne 120', 'Personne 121', 'Personne 122', 'Personne 123']);
    await userEvent.type(filter, 'zzz');
    expect(await screen.findByText('Aucun élément.')).toBeInTheDocument();
  });

  it('opens a row on click, and from the keyboard through its first cell, a button with focus', async () => {
    const opened: number[] = [];
    setup(people.slice(0, 3), (p) => opened.push(p.id));
    await userEvent.click(within(bodyRows()[1]).getAllByRole('cell')[1]);
    const opener = screen.getByRole('button', { name: 'Personne 003' });
    opener.focus();
    expect(opener).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(opened).toEqual([2, 3]);
  });

  it('sorts by a header, flips on a second click, and keeps the previous key to break ties', async () => {
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Nom' }));
    await userEvent.click(screen.getByRole('button', { name: 'Nom' }));
    expect(names()[0]).toBe('Personne 123');
    expect(screen.getByRole('columnheader', { name: /Nom/ })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(screen.getByRole('button', { name: 'Ville' }));
    expect(names().slice(0, 2)).toEqual(['Personne 121', 'Personne 111']);
  });

  it('sorts a column by its sortText when its text would not sort (French dates)', async () => {
    const dated: Column<Person & { at: string }>[] = [
      { key: 'name', label: 'Nom', text: (p) => p.name },
      { key: 'at', label: 'Date', text: (p) => p.at.split('-').reverse().join('-'), sortText: (p) => p.at },
    ];
    const rows = [
      { id: 1, name: 'Ancien', city: 'Lyon', at: '2025-12-31' },
      { id: 2, name: 'Récent', city: 'Lyon', at: '2026-01-02' },
      { id: 3, name: 'Moyen', city: 'Lyon', at: '2026-01-01' },
    ];
    render(
      <MemoryRouter>
        <InMemoryDataTable label="Personnes" columns={dated} rows={rows} rowKey={(p) => p.id} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Date' }));
    // By text, 01-01-2026 would come before 31-12-2025.
    expect(names()).toEqual(['Ancien', 'Moyen', 'Récent']);
    expect(within(bodyRows()[0]).getAllByRole('cell')[1].textContent).toBe('31-12-2025');
  });
});

describe('table queries', () => {
  it('puts a clicked column first, flips it when first already, and keeps at most three keys', () => {
    let query = sortBy(initialTableQuery(), 'a');
    expect(query.order).toEqual([{ field: 'a', direction: 'asc' }]);
    query = sortBy({ ...query, page: 4 }, 'a');
    expect(query).toMatchObject({ page: 1, order: [{ field: 'a', direction: 'desc' }] });
    query = sortBy(sortBy(sortBy(query, 'b'), 'c'), 'd');
    expect(query.order.map((k) => k.field)).toEqual(['d', 'c', 'b']);
    expect(sortBy(query, 'b').order.map((k) => k.field)).toEqual(['b', 'd', 'c']);
  });

  it("gives the hydra layer's parameters, order keys in order and no empty search", () => {
    const query = { page: 2, pageSize: 20, search: ' dupré ', order: [{ field: 'lastname', direction: 'asc' as const }, { field: 'created', direction: 'desc' as const }] };
    expect(Object.entries(hydraParams(query))).toEqual([
      ['page', 2],
      ['itemsPerPage', 20],
      ['search', 'dupré'],
      ['order[lastname]', 'asc'],
      ['order[created]', 'desc'],
    ]);
    expect(hydraParams({ ...query, search: '  ' })).not.toHaveProperty('search');
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
