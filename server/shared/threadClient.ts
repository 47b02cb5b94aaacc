import type { Worker } from 'node:worker_threads';

export interface ThreadClient<Request, Result> {
  /** Posts `{ id, ...request }` to the thread and resolves with what its reply of that id reads as. */
  call(request: Request, transfer?: ArrayBuffer[]): Promise<Result>;
  /** Fails what is waiting with `stopping()` and ends the thread. */
  close(): Promise<void>;
}

export interface ThreadClientOptions<Reply extends { id: number }, Result> {
  /** Starts the thread (startThreadEntry). */
  start(): Worker;
  /** A request still unanswered after this long fails with `timedOut()`, and its thread is ended. */
  timeoutMs: number;
  /** What a reply means: the result, or the error its request fails with. */
  read(reply: Reply): Result | Error;
  timedOut(): Error;
  /** The thread ended or failed while requests waited. */
  interrupted(): Error;
  stopping(): Error;
}

interface Waiting<Result> {
  resolve(result: Result): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
  /** The thread the request went to. */
  worker: Worker;
}

/**
 * Request and reply with one thread, started by the first request and kept (unref'd) for the
 * next; requests are handled one after the other there. A thread that dies or hangs fails its
 * own requests (not those sent to the thread started after it) and is started again.
 */
export function createThreadClient<Request extends object, Reply extends { id: number }, Result>(
  options: ThreadClientOptions<Reply, Result>,
): ThreadClient<Request, Result> {
  let worker: Worker | null = null;
  let lastId = 0;
  const pending = new Map<number, Waiting<Result>>();

  /** Fails the requests sent to `of` (all of them without it). */
  const fail = (error: Error, of?: Worker) => {
    for (const [id, waiting] of pending) {
      if (of && waiting.worker !== of) continue;
      pending.delete(id);
      clearTimeout(waiting.timer);
      waiting.reject(error);
    }
  };

  const thread = () => {
    if (worker) return worker;
    const started = options.start();
    started.unref();
    started.on('message', (reply: Reply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      clearTimeout(waiting.timer);
      const result = options.read(reply);
      if (result instanceof Error) waiting.reject(result);
      else waiting.resolve(result);
    });
    const lost = (error: Error) => {
      if (worker === started) worker = null;
      fail(error, started);
    };
    started.on('error', () => lost(options.interrupted()));
    started.on('exit', () => lost(options.interrupted()));
    worker = started;
    return started;
  };

  return {
    call(request, transfer) {
      lastId += 1;
      const id = lastId;
      const target = thread();
      return new Promise<Result>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(options.timedOut());
          // Whatever it is stuck on, the next request gets a fresh thread.
          if (worker === target) worker = null;
          void target.terminate();
        }, options.timeoutMs);
        pending.set(id, { resolve, reject, timer, worker: target });
        target.postMessage({ id, ...request }, transfer ?? []);
      });
    },
    async close() {
      const current = worker;
      worker = null;
      fail(options.stopping());
      if (current) await current.terminate();
    },
  };
}
