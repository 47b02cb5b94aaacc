import { Resolver } from 'node:dns/promises';
import type { FastifyBaseLogger } from 'fastify';
import { dkimRecord, type DkimKey, type Signing } from './dkim';

/** A record's state in DNS: as it should be, published but not as it should be, or not published. */
export type RecordStatus = 'ok' | 'différent' | 'absent';

export interface DnsRecord {
  name: string;
  type: 'TXT';
  value: string;
  status: RecordStatus;
}

/** `GET /api/mail/domain` (docs/architecture.md, «Signing and the sending domain»). */
export interface DomainReport {
  domain: string;
  selector: string;
  signing: Signing;
  dkim: DnsRecord;
  spf: DnsRecord;
  dmarc: DnsRecord;
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
}

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
 * (the published `p=` must be ours), SPF (a `v=spf1` record that is ours or lets our host
 * send), DMARC (any `v=DMARC1` record with a policy is the operator's choice, so it is ok).
 * A name that does not answer (no record, no domain, no DNS) reads as absent.
 */
export async function domainReport(settings: DomainSettings, log: FastifyBaseLogger): Promise<DomainReport> {
  const { domain, selector, signing, key, smtpName, bounceDomain } = settings;
  const resolver = new Resolver({ timeout: 2500, tries: 1 });
  if (settings.dnsServers) resolver.setServers(settings.dnsServers);
  const txt = async (name: string): Promise<string[]> => {
    try {
      return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== 'ENOTFOUND' && code !== 'ENODATA') log.warn({ err: error, name }, 'DNS lookup of a sending domain record failed');
      return [];
    }
  };

  const dkimName = `${selector}._domainkey.${domain}`;
  const dkimValue = key ? dkimRecord(key.publicKey) : '';
  const spfValue = `v=spf1 a:${smtpName} mx ~all`;
  const dmarcName = `_dmarc.${domain}`;
  const dmarcValue = `v=DMARC1; p=none; adkim=r; aspf=r`;
  const [dkimFound, spfFound, dmarcFound] = await Promise.all([txt(dkimName), txt(domain), txt(dmarcName)]);

  const dkimKeys = dkimFound.filter((record) => tagsOf(record).has('p'));
  const dkimStatus: RecordStatus =
    dkimKeys.length === 0
      ? 'absent'
      : !key
        ? 'ok' // DKIM=off: the relay signs with its own key, published here.
        : dkimKeys.some((record) => tagsOf(record).get('p') === key.publicKey)
          ? 'ok'
          : 'différent';

  const spfRecords = spfFound.filter((record) => /^v=spf1(\s|$)/i.test(record.trim()));
  const spfStatus: RecordStatus =
    spfRecords.length === 0
      ? 'absent'
      : spfRecords.length === 1 &&
          (normalise(spfRecords[0]) === normalise(spfValue) ||
            new RegExp(`(^|\\s)[+]?(a|include):${smtpName.replace(/\./g, '\\.')}(\\s|$)`, 'i').test(spfRecords[0]))
        ? 'ok'
        : 'différent';

  const dmarcRecords = dmarcFound.filter((record) => /^v=DMARC1\s*(;|$)/i.test(record.trim()));
  const dmarcStatus: RecordStatus =
    dmarcFound.length === 0
      ? 'absent'
      : dmarcRecords.length === 1 && ['none', 'quarantine', 'reject'].includes(tagsOf(dmarcRecords[0]).get('p') ?? '')
        ? 'ok'
        : 'différent';

  return {
    domain,
    selector,
    signing,
    dkim: { name: dkimName, type: 'TXT', value: dkimValue, status: dkimStatus },
    spf: { name: domain, type: 'TXT', value: spfValue, status: spfStatus },
    dmarc: { name: dmarcName, type: 'TXT', value: dmarcValue, status: dmarcStatus },
    bounceDomain,
    bounceAligned: bounceDomain === null ? null : aligned(bounceDomain, domain),
    // Gmail shows an AMP part only under a DKIM signature aligned with From: ours always is, once its key is published.
    ampVisible: dkimStatus === 'ok',
  };
}
