import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { dkimRecord, type DkimKey, type Signing } from './dkim';
import { unpublishableReason } from './publishable';

/**
 * A record's state in DNS: as it should be, published but not as it should be, not
 * published, or unknown because DNS did not answer (timeout, refused, server failure).
 */
export type RecordStatus = 'ok' | 'différent' | 'absent' | 'injoignable';

/** What the proposed SPF record lets send: SPF_INCLUDE/SPF_IP, SMTP_NAME's address (a public host name), or only the domain's MX. */
export type SpfSource = 'settings' | 'smtpName' | 'mx';

export interface DnsRecord {
  name: string;
  type: 'TXT';
  value: string;
  status: RecordStatus;
}

/** `GET /api/mail/domain` (docs/architecture.md, «Signing and the sending domain»). */
export interface DomainReport {
  domain: string;
  /** False when MAIL_FROM's domain cannot be in public DNS (localhost, `.local`, `.test`, an IP…): then no records. */
  publishable: boolean;
  /** Why the domain cannot be published (French); null when it can. */
  reason: string | null;
  selector: string;
  signing: Signing;
  dkim: DnsRecord | null;
  spf: DnsRecord | null;
  dmarc: DnsRecord | null;
  spfSource: SpfSource | null;
  bounceDomain: string | null;
  bounceAligned: boolean | null;
  ampVisible: boolean;
}

export interface DomainSettings {
  domain: string;
  selector: string;
  signing: Signing;
  key: DkimKey | null;
  /** The EHLO name of the sending host, which the suggested SPF record lets send. */
  smtpName: string;
  bounceDomain: string | null;
  /** DNS_SERVERS; null: the system resolver. */
  dnsServers: string[] | null;
  /** SPF_INCLUDE and SPF_IP. */
  spf: { include: string[]; ip: string[] };
}

/** The SPF mechanisms that let our mail leave: the settings', else the EHLO host's when it is public, else none (the MX only). */
function spfMechanisms(settings: DomainSettings): { source: SpfSource; mechanisms: string[] } {
  const { include, ip } = settings.spf;
  if (include.length > 0 || ip.length > 0) {
    return {
      source: 'settings',
      mechanisms: [...include.map((domain) => `include:${domain}`), ...ip.map((entry) => `${isIP(entry.split('/')[0]) === 6 ? 'ip6' : 'ip4'}:${entry}`)],
    };
  }
  if (isIP(settings.smtpName) === 0 && unpublishableReason(settings.smtpName) === null) return { source: 'smtpName', mechanisms: [`a:${settings.smtpName}`] };
  return { source: 'mx', mechanisms: [] };
}

/** DNS answered that the name has no such record: absent. Any other failure means the check could not run. */
const NOT_PUBLISHED = new Set(['ENOTFOUND', 'ENODATA']);

const normalise = (value: string) => value.replace(/\s+/g, '').toLowerCase();
const tagsOf = (record: string) =>
  new Map(
    record
      .split(';')
      .map((tag) => tag.trim())
      .filter(Boolean)
      .map((tag) => {
        const at = tag.indexOf('=');
        return [tag.slice(0, at).trim().toLowerCase(), tag.slice(at + 1).replace(/\s+/g, '')] as const;
      }),
  );

/** Relaxed alignment (DMARC): one domain is the other or under it. */
export const aligned = (a: string, b: string) => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x === y || x.endsWith(`.${y}`) || y.endsWith(`.${x}`);
};

/**
 * The records the From domain should publish and their state read from DNS: the DKIM key
 * (the published `p=` must be ours), SPF (a `v=spf1` record that is ours or has each of our
 * mechanisms), DMARC (any `v=DMARC1` record with a policy is the operator's choice, so it is
 * ok). A name DNS says has no record is absent; a lookup DNS does not answer is `injoignable`.
 * A domain no public zone can hold gets no records, only the reason.
 */
export async function domainReport(settings: DomainSettings, log: FastifyBaseLogger): Promise<DomainReport> {
  const { domain, selector, signing, key, bounceDomain } = settings;
  const reason = unpublishableReason(domain);
  const bounceAligned = bounceDomain === null ? null : aligned(bounceDomain, domain);
  if (reason !== null) {
    return { domain, publishable: false, reason, selector, signing, dkim: null, spf: null, dmarc: null, spfSource: null, bounceDomain, bounceAligned, ampVisible: false };
  }
  const resolver = new Resolver({ timeout: 2500, tries: 1 });
  if (settings.dnsServers) resolver.setServers(settings.dnsServers);
  const txt = async (name: string): Promise<string[] | null> => {
    try {
      return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (NOT_PUBLISHED.has(code)) return [];
      log.warn({ code, name }, 'DNS lookup of a sending domain record failed');
      return null;
    }
  };

  const dkimName = `${selector}._domainkey.${domain}`;
  const dkimValue = key ? dkimRecord(key.publicKey) : '';
  const spf = spfMechanisms(settings);
  const spfValue = ['v=spf1', ...spf.mechanisms, 'mx', '~all'].join(' ');
  const dmarcName = `_dmarc.${domain}`;
  const dmarcValue = `v=DMARC1; p=none; adkim=r; aspf=r`;
  const [dkimAnswer, spfAnswer, dmarcAnswer] = await Promise.all([txt(dkimName), txt(domain), txt(dmarcName)]);
  const dkimFound = dkimAnswer ?? [];
  const spfFound = spfAnswer ?? [];
  const dmarcFound = dmarcAnswer ?? [];

  const dkimKeys = dkimFound.filter((record) => tagsOf(record).has('p'));
  const dkimStatus: RecordStatus =
    dkimAnswer === null
      ? 'injoignable'
      : dkimKeys.length === 0
        ? 'absent'
        : !key
          ? 'ok' // DKIM=off: the relay signs with its own key, published here.
          : dkimKeys.some((record) => tagsOf(record).get('p') === key.publicKey)
            ? 'ok'
            : 'différent';

  const spfRecords = spfFound.filter((record) => /^v=spf1(\s|$)/i.test(record.trim()));
  const terms = (record: string) => new Set(record.toLowerCase().split(/\s+/).map((term) => term.replace(/^\+/, '')));
  const spfStatus: RecordStatus =
    spfAnswer === null
      ? 'injoignable'
      : spfRecords.length === 0
        ? 'absent'
        : spfRecords.length === 1 &&
            (normalise(spfRecords[0]) === normalise(spfValue) ||
              (spf.mechanisms.length > 0 && spf.mechanisms.every((mechanism) => terms(spfRecords[0]).has(mechanism.toLowerCase()))))
          ? 'ok'
          : 'différent';

  const dmarcRecords = dmarcFound.filter((record) => /^v=DMARC1\s*(;|$)/i.test(record.trim()));
  const dmarcStatus: RecordStatus =
    dmarcAnswer === null
      ? 'injoignable'
      : dmarcFound.length === 0
        ? 'absent'
        : dmarcRecords.length === 1 && ['none', 'quarantine', 'reject'].includes(tagsOf(dmarcRecords[0]).get('p') ?? '')
          ? 'ok'
          : 'différent';

  return {
    domain,
    publishable: true,
    reason: null,
    selector,
    signing,
    dkim: { name: dkimName, type: 'TXT', value: dkimValue, status: dkimStatus },
    spf: { name: domain, type: 'TXT', value: spfValue, status: spfStatus },
    dmarc: { name: dmarcName, type: 'TXT', value: dmarcValue, status: dmarcStatus },
    spfSource: spf.source,
    bounceDomain,
    bounceAligned,
    // Gmail shows an AMP part only under a DKIM signature aligned with From: ours always is, once its key is published.
    ampVisible: dkimStatus === 'ok',
  };
}
