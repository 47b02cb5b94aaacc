import { openDb, type Db } from '../db/db';
import { listCollection, type ResourceDef } from './hydra';

const def: ResourceDef = {
  type: 'Thing',
  path: 'things',
  table: 'thing',
  fields: { id: { column: 'id', kind: 'int' }, user: { column: 'user_id', kind: 'int' } },
  filters: ['user'],
  orderable: ['id'],
  owner: 'user',
};

let db: Db;
const statements: string[] = [];
let counting: Db;

beforeAll(async () => {
  db = await openDb({ databaseUrl: null, dataDir: null });
  await db.query('CREATE TABLE thing (id serial PRIMARY KEY, user_id int NOT NULL)');
  await db.query('INSERT INTO thing (user_id) SELECT CASE WHEN n <= 7 THEN 1 ELSE 2 END FROM generate_series(1, 12) AS n');
  counting = { ...db, kind: db.kind, query: (sql, params) => (statements.push(sql), db.query(sql, params)), transaction: (work) => db.transaction(work), close: () => db.close() };
});
afterAll(() => db.close());

describe('listCollection totals', () => {
  it.each([
    // [query, members, total, statements]
    [{ user: 1 }, 7, 7, 1],
    [{ user: 1, itemsPerPage: 7 }, 7, 7, 2],
    [{ user: 1, itemsPerPage: 3, page: 3 }, 1, 7, 1],
    [{ user: 1, itemsPerPage: 3, page: 2 }, 3, 7, 2],
    [{ user: 1, itemsPerPage: 3, page: 4 }, 0, 7, 2],
    [{ user: 3 }, 0, 0, 1],
    [{ itemsPerPage: 5, page: 2 }, 5, 12, 2],
  ])('%j answers %i members of %i, in %i statement(s)', async (query, members, total, count) => {
    statements.length = 0;
    const answer = await listCollection(counting, def, query, '/api/things');
    expect(answer['hydra:member']).toHaveLength(members);
    expect(answer['hydra:totalItems']).toBe(total);
    expect(statements).toHaveLength(count);
  });
});
