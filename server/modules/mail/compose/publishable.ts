import { isIP } from 'node:net';

/**
 * Names no public DNS zone can hold (RFC 2606, RFC 6761, RFC 6762, RFC 8375, RFC 9476, and
 * names ICANN keeps for private use): a sending domain under one cannot publish DKIM, SPF
 * or DMARC records that other mail servers read.
 */
const PRIVATE_SUFFIXES = ['localhost', 'localdomain', 'local', 'test', 'example', 'invalid', 'internal', 'lan', 'home', 'corp', 'intranet', 'private', 'alt', 'onion', 'home.arpa', 'example.com', 'example.net', 'example.org'];

const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;

/** Why a domain (or host name) cannot be published in public DNS, in French; null when it can. */
export function unpublishableReason(domain: string): string | null {
  const name = domain.toLowerCase().replace(/\.$/, '');
  if (isIP(name.replace(/^\[|\]$/g, '').replace(/^ipv6:/, '')) !== 0) return `« ${domain} » est une adresse IP, pas un domaine : aucune zone DNS ne peut publier ses enregistrements.`;
  const labels = name.split('.');
  if (labels.length < 2) return `« ${domain} » n’a pas de point : ce n’est pas un domaine publié sur Internet.`;
  if (name.length > 253 || !labels.every((label) => LABEL.test(label)) || /^\d+$/.test(labels[labels.length - 1])) {
    return `« ${domain} » n’est pas un nom de domaine valide.`;
  }
  const suffix = PRIVATE_SUFFIXES.find((reserved) => name === reserved || name.endsWith(`.${reserved}`));
  if (suffix) return `« ${domain} » est sous « .${suffix} », réservé aux réseaux privés et aux exemples : aucune zone DNS publique ne peut le servir.`;
  return null;
}
