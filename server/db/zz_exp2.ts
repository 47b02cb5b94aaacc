import { PGlite } from '@electric-sql/pglite';
import { storageOptions } from './pgliteStorage';
async function main() {
  const [dir, mode] = process.argv.slice(2);
  const durable = mode !== 'relaxed';
  const lite = await PGlite.create({ ...storageOptions(dir, durable), debug: process.env.DBG ? 1 : undefined });
  console.log('opened');
  await lite.exec('CREATE TABLE IF NOT EXISTS t (id serial primary key, v text)');
  await lite.query("INSERT INTO t (v) VALUES ('x')");
  console.log('count', (await lite.query('SELECT count(*) FROM t')).rows);
  if (process.env.HANG) setInterval(() => {}, 1000);
  else await lite.close();
}
main().catch((e) => { console.error('ERR', e); process.exit(1); });
