import { Resolver } from 'node:dns/promises';
import dns2 from 'dns2';

export interface DnsServer {
  /** `127.0.0.1:port`, as DNS_SERVERS takes it. */
  address: string;
  /** Publishes (or, with null, withdraws) the TXT record of a name. */
  setTxt(name: string, value: string | null): void;
  /** A resolver asking this server (as mailauth's `resolver` option wants it). */
  resolve(name: string, rr: string): Promise<unknown>;
  stop(): Promise<void>;
}

/** A real DNS server (dns2, UDP) on localhost that answers the TXT records a test publishes: the stand-in for the domain's DNS. */
export async function startDnsServer(): Promise<DnsServer> {
  const { Packet } = dns2;
  const txt = new Map<string, string>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const value = txt.get(question.name.toLowerCase());
      if (question.type === Packet.TYPE.TXT && value !== undefined) {
        // One record, in character strings of at most 255 bytes.
        const chunks = value.match(/[\s\S]{1,255}/g) ?? [''];
        response.answers.push({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 60, data: chunks } as never);
      } else if (value === undefined) {
        response.header.rcode = 3; // NXDOMAIN
      }
      send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const address = `127.0.0.1:${(addresses.udp as { port: number }).port}`;
  const resolver = new Resolver({ timeout: 2000, tries: 2 });
  resolver.setServers([address]);
  return {
    address,
    setTxt: (name, value) => (value === null ? txt.delete(name.toLowerCase()) : txt.set(name.toLowerCase(), value)),
    resolve: (name, rr) => resolver.resolve(name, rr as 'TXT'),
    stop: () => server.close(),
  };
}
