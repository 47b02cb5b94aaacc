import { startSmtpSink } from '../../server/testing/smtpSink';

/**
 * An SMTP sink in a process of its own (run with `node --import tsx`), so that it does not
 * share a core with what it measures. Parent messages: {expect: n} counts from zero to n and
 * answers {done: n, bytes} when the n-th message is accepted (bytes: all n messages' sizes).
 */
async function main() {
  let count = 0;
  let bytes = 0;
  let target = Infinity;
  const sink = await startSmtpSink({
    keep: false,
    onMessage: (message) => {
      count += 1;
      bytes += message.raw.length;
      if (count === target) process.send?.({ done: count, bytes });
    },
  });
  process.on('message', (message: { expect?: number }) => {
    if (message.expect !== undefined) {
      count = 0;
      bytes = 0;
      target = message.expect;
    }
  });
  process.on('disconnect', () => void sink.stop().then(() => process.exit(0)));
  process.send?.({ port: sink.port });
}

void main();
