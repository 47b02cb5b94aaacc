import type { RunningServer } from '../../e2e/support/apiServer';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __API_SERVER__?: RunningServer }).__API_SERVER__?.stop();
}
