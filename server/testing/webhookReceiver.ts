import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A POST the stand-in received: its body, its signature header, and whether it answered 2xx. */
export interface Received {
  body: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
  raw: string;
  signature: string;
  accepted: boolean;
}

/** Whether `X-TGM-Signature` signs `raw` with `secret`, as a receiver checks it. */
export function validSignature(header: string, raw: string, secret: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  if (!/^\d+$/.test(parts.t ?? '') || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${raw}`).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1, 'hex'));
}

/**
 * A webhook receiver (the outside service), on 127.0.0.1: records every POST, and answers 204,
 * or 503 while `down`.
 */
export async function startReceiver() {
  const received: Received[] = [];
  let down = false;
  const server = http.createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      received.push({ body: JSON.parse(raw), raw, signature: String(request.headers['x-tgm-signature'] ?? ''), accepted: !down });
      response.writeHead(down ? 503 : 204).end(down ? 'en panne' : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    setDown(value: boolean) {
      down = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
