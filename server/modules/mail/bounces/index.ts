/** Bounces: the built-in VERP receiver, DSN parsing, the webhooks, and recording what they report. */
export { bounceAddress, readBounceAddress, startBounceReceiver, type BounceReceiver } from './receiver';
export { registerBounceWebhooks } from './webhooks';
export { readBounce } from './dsn';
export { recordBounce, recordBounces, type BounceKind, type BounceOf, type BounceReport } from './bounces';
