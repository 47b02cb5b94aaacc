import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** A resolved address a delivery may connect to. */
export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** Why a webhook's URL is refused, in French (the 400's message, the delivery's error). */
export class RefusedUrl extends Error {}

// Private, loopback, link-local, shared, multicast and reserved networks (RFC 6890).
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(net, prefix, 'ipv6');

/** Whether an address is in a private, loopback, link-local or reserved network (IPv4-mapped IPv6 read as IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    // Other IPv4-mapped forms (::ffff:7f00:1) are refused whole.
    if (/^::ffff:/i.test(address)) return true;
    return blocked.check(address, 'ipv6');
  }
  return true;
}

/** A webhook's URL as given: http or https, with a host, no credentials. Throws RefusedUrl. */
export function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedUrl("L'adresse n'est pas une URL valide.");
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RefusedUrl("L'adresse doit commencer par http:// ou https://.");
  if (url.username || url.password) throw new RefusedUrl("L'adresse ne doit pas contenir d'identifiants.");
  if (!url.hostname) throw new RefusedUrl("L'adresse doit nommer un hôte.");
  return url;
}

/**
 * Resolves a webhook's host and checks every address it answers: one in a private, loopback
 * or link-local network refuses the whole URL unless `allowPrivate`. Answers the address to
 * connect to (the first checked one): the connection goes there, not to a second resolution.
 */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<{ url: URL; address: CheckedAddress }> {
  const url = parseWebhookUrl(raw);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let answers: { address: string; family: number }[];
  if (isIP(host)) answers = [{ address: host, family: isIP(host) }];
  else {
    try {
      answers = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new RefusedUrl(`L'hôte ${host} est introuvable.`);
    }
  }
  if (answers.length === 0) throw new RefusedUrl(`L'hôte ${host} est introuvable.`);
  if (!allowPrivate && answers.some((answer) => isPrivateAddress(answer.address))) {
    throw new RefusedUrl('Les adresses privées, locales ou de lien local sont refusées.');
  }
  const [first] = answers;
  return { url, address: { address: first.address, family: first.family === 6 ? 6 : 4 } };
}
