import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface Sink {
  port: number;
  url: string;
  /** Resolves when the sink has accepted `count` more messages, with their total size. */
  expect(count: number): Promise<{ bytes: number }>;
  stop(): void;
}

/** The SMTP sink in a process of its own (smtpSinkProcess.ts). */
export async function startSinkProcess(): Promise<Sink> {
  const child: ChildProcess = fork(path.join(__dirname, 'smtpSinkProcess.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve) => child.once('message', (m: { port: number }) => resolve(m.port)));
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    expect: (count) =>
      new Promise((resolve) => {
        const onMessage = (m: { done?: number; bytes?: number }) => {
          if (m.done === count) {
            child.off('message', onMessage);
            resolve({ bytes: m.bytes ?? 0 });
          }
        };
        child.on('message', onMessage);
        child.send({ expect: count });
      }),
    stop: () => child.disconnect(),
  };
}
