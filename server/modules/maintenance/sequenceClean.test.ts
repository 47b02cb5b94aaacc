import { startApiTest, type ApiTest } from '../../testing/requests';

let { t, api, admin, operator, operatorId } = {} as ApiTest;

beforeAll(async () => {
  ({ t, api, admin, operator, operatorId } = await startApiTest());
});
afterAll(() => t.close());

const item = (sequence: number, key: string, value = 'v') => ({ sequence, key, value, type: 'text', profil: 'influenceur' });
// Stored sequences as older clients left them: gaps, disorder and empty items.
const messy = JSON.stringify([item(3, 'b'), item(1, 'a'), item(2, '', ''), item(7, 'c')]);

async function storedList(owner: number): Promise<number> {
  const [{ id }] = await t.db.query<{ id: number }>(
    'INSERT INTO grp (subject, user_id, sequence) VALUES ($1, $2, $3) RETURNING id',
    ['Messy', owner, messy],
  );
  return id;
}
const sequenceOf = async (table: string, id: number) =>
  (await t.db.query<{ sequence: { sequence: number; key: string }[] }>(`SELECT sequence FROM ${table} WHERE id = $1`, [id]))[0]
    .sequence;

describe('GET /api/sequence/clean', () => {
  it("renumbers the caller's sequences 1..n, drops empty items, and answers the counts", async () => {
    const mine = await storedList(operatorId);
    const clean = (await api.post('/api/grps', operator, { subject: 'Clean', sequence: [item(1, 'x')] })).json().id;
    const adminList = await storedList(1);

    const response = await api.get('/api/sequence/clean', operator);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      records: 2,
      changed: 1,
      dropped: 1,
      tables: { grp: { records: 2, changed: 1, dropped: 1 }, discours: { records: 0, changed: 0, dropped: 0 } },
    });
    expect((await sequenceOf('grp', mine)).map((i) => [i.sequence, i.key])).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ]);
    expect((await sequenceOf('grp', clean)).map((i) => i.sequence)).toEqual([1]);
    // Another user's sequence is not the operator's to clean.
    expect(await sequenceOf('grp', adminList)).toHaveLength(4);
  });

  it("lets an admin clean every user's sequences, speeches included", async () => {
    const adminList = await storedList(1);
    const speech = (await api.post('/discours', admin, { name: 'vide', sequence: [item(1, 'k')] })).json().id;
    await t.db.query('UPDATE discours SET sequence = $2 WHERE id = $1', [speech, messy]);
    const response = await api.get('/api/sequence/clean', admin);
    expect(response.json()).toMatchObject({ changed: 3, dropped: 3, tables: { discours: { records: 1, changed: 1 } } });
    expect((await sequenceOf('grp', adminList)).map((i) => i.sequence)).toEqual([1, 2, 3]);
    expect((await sequenceOf('discours', speech)).map((i) => i.key)).toEqual(['a', 'b', 'c']);
    expect((await api.get('/api/sequence/clean', admin)).json()).toMatchObject({ changed: 0, dropped: 0 });
  });

  it('needs a token', async () => {
    expect((await api.get('/api/sequence/clean')).statusCode).toBe(401);
  });
});
