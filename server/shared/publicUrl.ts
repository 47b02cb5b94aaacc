import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * The address people reach the server at, for every absolute URL it writes (mail links, feed
 * URLs, our own origin): PUBLIC_URL, else where it listens (known once it listens; until then,
 * the configured port on localhost). Never a request's Host header, which its sender chooses.
 */
export function publicBaseUrl(app: FastifyInstance, configured: string | null, port: number): () => string {
  let listening: string | null = configured;
  return () => {
    if (listening) return listening;
    const address = app.server.address() as AddressInfo | null;
    if (!address || typeof address !== 'object') return `http://localhost:${port}`;
    const host = ['0.0.0.0', '::'].includes(address.address)
      ? 'localhost'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
    listening = `http://${host}:${address.port}`;
    return listening;
  };
}
