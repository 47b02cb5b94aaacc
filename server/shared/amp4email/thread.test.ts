import { Worker } from 'node:worker_threads';
import { HOSTILE_AMP_SHAPES } from '../../testing/hostileAmp';
import { validateAmp4Email } from '.';
import { AmpCheckAborted, createAmpChecker, startValidationWorker } from './thread';

const VALID = `<!doctype html><html ⚡4email data-css-strict><head><meta charset="utf-8">
<script async src="https://cdn.ampproject.org/v0.js"></script>
<style amp4email-boilerplate>body{visibility:hidden}</style></head><body><p>Bonjour</p></body></html>`;

describe('the AMP validation thread', () => {
  it('answers what the validator answers, documents one after the other, in the order asked', async () => {
    const checker = createAmpChecker();
    try {
      const hostile = HOSTILE_AMP_SHAPES.rubyBases(50_000);
      const answers = await Promise.all([checker.validate(VALID), checker.validate(hostile, { handlebars: true }), checker.validate('<p>')]);
      expect(answers).toEqual([[], validateAmp4Email(hostile, { handlebars: true }), validateAmp4Email('<p>')]);
    } finally {
      await checker.close();
    }
  });

  it('refuses a document past its time limit with a French 422 naming codeAmp, and judges the next in a new thread', async () => {
    // The first thread takes the document and never answers; the one started after it is the real one.
    const stuck = () => new Worker("require('node:worker_threads').parentPort.postMessage({ ready: true }); setInterval(() => {}, 1000);", { eval: true });
    let started = 0;
    const checker = createAmpChecker({ timeoutMs: 300, start: () => (started++ === 0 ? stuck() : startValidationWorker()) });
    try {
      const first = checker.validate(VALID);
      const second = checker.validate(VALID);
      await expect(first).rejects.toBeInstanceOf(AmpCheckAborted);
      await expect(first).rejects.toMatchObject({
        statusCode: 422,
        field: 'codeAmp',
        message: "Le champ 'codeAmp' n'a pas pu être vérifié en 0.3 s : le document AMP est trop complexe. Simplifiez-le.",
      });
      await expect(second).resolves.toEqual([]);
      expect(started).toBe(2);
    } finally {
      await checker.close();
    }
  });

  it('refuses what waits when it closes', async () => {
    const checker = createAmpChecker();
    const waiting = checker.validate(VALID).catch((error: unknown) => error);
    await checker.close();
    expect(await waiting).toMatchObject({ statusCode: 503, message: 'Le serveur s’arrête.' });
  });
});
