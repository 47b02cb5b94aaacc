import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * How `npm run backup` reaches a running server (docs/decisions.md, issue 36): a Unix socket in
 * the data folder. The server holds the embedded database's folder, so only it can copy it
 * consistently; whoever may open the data folder (0700, the server's user) may ask it to,
 * which is who could copy the folder anyway: no password, no HTTP route to guard.
 *
 * One connection is one backup: the server answers one JSON line, `{"bytes": n}` followed by
 * the n bytes of the dump, or `{"error": "…"}`.
 */
export const backupSocketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');

interface Log {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export function serveBackups(dataDir: string, backup: () => Promise<Uint8Array>, log: Log): Promise<{ close(): Promise<void> }> {
  const socketPath = backupSocketPath(dataDir);
  // Left by a server that was killed: a socket file outlives its process.
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    const started = performance.now();
    backup().then(
      (dump) => {
        socket.write(`${JSON.stringify({ bytes: dump.byteLength })}\n`);
        socket.end(dump);
        log.info({ bytes: dump.byteLength, ms: Math.round(performance.now() - started) }, 'database backup written');
      },
      (error: unknown) => {
        log.error({ err: error }, 'database backup failed');
        socket.end(`${JSON.stringify({ error: error instanceof Error ? error.message : String(error) })}\n`);
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      // A server that stops must not hold its process for a backup socket.
      server.unref();
      resolve({ close: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}

/** The error for "no server listens here": the caller then copies the folder itself. */
export class NoServer extends Error {}

/** Asks the server of `dataDir` for a backup; resolves with the dump's bytes. */
export function requestBackup(dataDir: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(backupSocketPath(dataDir));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' || error.code === 'ECONNREFUSED' ? new NoServer(error.message) : error),
    );
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(10);
      if (newline < 0) return reject(new Error('The server closed the connection without an answer.'));
      const header = JSON.parse(all.subarray(0, newline).toString('utf8')) as { bytes?: number; error?: string };
      if (header.error !== undefined) return reject(new Error(`The server could not write the backup: ${header.error}`));
      const dump = all.subarray(newline + 1);
      if (dump.length !== header.bytes) return reject(new Error(`The backup was cut short (${dump.length} of ${header.bytes} bytes).`));
      resolve(dump);
    });
  });
}
