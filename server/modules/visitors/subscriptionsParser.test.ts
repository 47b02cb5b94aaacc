import { Worker } from 'node:worker_threads';
import { createSubscriptionsParser } from './subscriptionsParser';

/**
 * A thread speaking the parse thread's messages (subscriptionsParseWorker.ts): a file that
 * starts with "stuck" keeps it busy for ever, any other reads as an empty OPML file. What is
 * under test is how the parser starts, ends and replaces threads.
 */
const THREAD = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ id, bytes }) => {
  if (Buffer.from(bytes).toString().startsWith('stuck')) for (;;);
  parentPort.postMessage({ id, file: { format: 'opml', entries: [], groups: [], plusTard: [], masquees: [] } });
});`;

const startWorker = () => new Worker(THREAD, { eval: true });

it('fails the files of a stuck thread, and not those sent to the thread started after it', async () => {
  const parser = createSubscriptionsParser({ startWorker, timeoutMs: 1500 });
  try {
    const stuck = parser.parse(Buffer.from('stuck'));
    // Sent to the same thread, behind the stuck file: it fails too (its own wait runs out as well).
    const queued = parser.parse(Buffer.from('queued'));
    const stuckRefused = expect(stuck).rejects.toMatchObject({ statusCode: 400, field: 'file', message: "Le fichier est trop long à lire. Rien n'a été modifié." });
    const queuedRefused = expect(queued).rejects.toMatchObject({ field: 'file' });
    await stuckRefused;
    // Sent at once, while the stuck thread is still ending: a new thread reads it, and the
    // old thread's end must not fail it.
    const next = parser.parse(Buffer.from('next'));
    await queuedRefused;
    await expect(next).resolves.toMatchObject({ format: 'opml', entries: [] });
  } finally {
    await parser.close();
  }
});

it('refuses the files still waiting when it closes', async () => {
  const parser = createSubscriptionsParser({ startWorker, timeoutMs: 60_000 });
  const refused = expect(parser.parse(Buffer.from('stuck'))).rejects.toMatchObject({ statusCode: 503, message: 'Le serveur s’arrête.' });
  await parser.close();
  await refused;
});
