import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface ReceivedMessage {
  raw: Buffer;
  /** The envelope sender (MAIL FROM), where bounces go. */
  from: string;
  to: string[];
  /** The Message-ID header, `<…>`. */
  messageId: string;
  /** The name the client gave in EHLO/HELO. */
  helo: string;
}

export interface SinkOptions {
  /** A fixed port (to come back on the same one); 0 picks a free one. */
  port?: number;
  /** SMTP reply code (e.g. 550, 450) to refuse this recipient with; undefined accepts it. */
  refuse?: (address: string, attempt: number) => number | undefined;
  /** Time the sink takes to accept each message. */
  delayMs?: number;
  /** Called with each message it accepted (e.g. to write it out). */
  onMessage?: (message: ReceivedMessage) => void;
  /** Keep messages in `messages` (default true). */
  keep?: boolean;
}

export interface SmtpSink {
  port: number;
  url: string;
  messages: ReceivedMessage[];
  count: number;
  /** Stops accepting connections; connections open get 421 on their next command. */
  down(): Promise<void>;
  /** Accepts connections again on the same port. */
  up(): Promise<void>;
  waitForCount(count: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const headerOf = (raw: Buffer, name: string) => {
  const head = raw.subarray(0, raw.indexOf('\r\n\r\n') > 0 ? raw.indexOf('\r\n\r\n') : raw.length).toString('utf8');
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head.replace(/\r?\n[ \t]+/g, ' '))?.[1]?.trim() ?? '';
};

/** A real SMTP server (smtp-server) that keeps what it receives: the test stand-in for a mail relay. */
export async function startSmtpSink(options: SinkOptions = {}): Promise<SmtpSink> {
  const attempts = new Map<string, number>();
  const sink = {
    port: options.port ?? 0,
    messages: [] as ReceivedMessage[],
    count: 0,
  };
  const waiters = new Set<() => void>();

  const serverOptions: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 200,
    onRcptTo(address, _session, callback) {
      const tries = (attempts.get(address.address) ?? 0) + 1;
      attempts.set(address.address, tries);
      const code = options.refuse?.(address.address, tries);
      if (code === undefined) return callback();
      const error = Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), {
        responseCode: code,
      });
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const accept = () => {
          const raw = Buffer.concat(chunks);
          const message = {
            raw,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            messageId: headerOf(raw, 'Message-ID'),
            helo: session.hostNameAppearsAs,
          };
          if (options.keep !== false) sink.messages.push(message);
          sink.count += 1;
          options.onMessage?.(message);
          waiters.forEach((wake) => wake());
          callback();
        };
        if (options.delayMs) setTimeout(accept, options.delayMs);
        else accept();
      });
    },
  };

  let server: SMTPServer;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = new SMTPServer(serverOptions);
      server.on('error', () => undefined);
      server.server.once('error', reject);
      server.listen(sink.port, '127.0.0.1', () => {
        sink.port = (server.server.address() as { port: number }).port;
        resolve();
      });
    });
  await listen();

  return Object.assign(sink, {
    url: `smtp://127.0.0.1:${sink.port}`,
    down: () =>
      new Promise<void>((resolve) => {
        server.close();
        // The listening socket is shut at once; open connections end at their next command.
        setImmediate(resolve);
      }),
    up: listen,
    waitForCount: (count: number, timeoutMs = 30_000) =>
      new Promise<void>((resolve, reject) => {
        if (sink.count >= count) return resolve();
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the sink received ${sink.count} messages, not ${count}, in ${timeoutMs} ms`));
        }, timeoutMs);
        const check = () => {
          if (sink.count < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
      }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as SmtpSink;
}
