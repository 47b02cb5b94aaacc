export interface TimelinePoint {
  at: string;
  count: number;
}

/** GET /api/sends/{id}/report: the send with its figures, timeline, links, failures and bounces. */
export interface SendReport {
  id: number;
  label: string;
  version: number;
  listSubject: string;
  status: string;
  created: string;
  sendAt: string | null;
  total: number;
  sent: number;
  failed: number;
  pending: number;
  bounced: number;
  opened: number;
  clicked: number;
  unsubscribed: number;
  machineOpened: number;
  failures: { email: string; reason: string; at: string }[];
  bounces: { email: string; kind: string; status: string; reason: string; source: string; at: string }[];
  links: { url: string; clicks: number; contacts: number }[];
  timeline: { sentPerMinute: TimelinePoint[]; opensPerHour: TimelinePoint[]; clicksPerHour: TimelinePoint[] };
  /** The AMP part was not sent: each AMP4EMAIL rule it breaks (absent from older servers). */
  ampErrors?: { rule: string; line: number; column: number; message: string }[];
  /** Its posts to the delivery's channel (Telegram, X), with what the channel answered (issue 40). */
  posts?: Record<string, { status: string; ok?: boolean; id?: string; text?: string; error?: string; at?: string }>;
}

/** A DNS record the sending domain should publish, and its state read from DNS. */
export interface DnsRecord {
  name: string;
  type: 'TXT';
  value: string;
  /** `injoignable`: DNS did not answer, the check could not run. */
  status: 'ok' | 'différent' | 'absent' | 'injoignable';
}

/** GET /api/mail/domain (docs/architecture.md, «Signing and the sending domain»). */
export interface SendingDomain {
  domain: string;
  /** False when MAIL_FROM's domain cannot be in public DNS: no records then, only `reason`. */
  publishable: boolean;
  reason: string | null;
  selector: string;
  signing: 'database' | 'setting' | 'off';
  dkim: DnsRecord | null;
  spf: DnsRecord | null;
  dmarc: DnsRecord | null;
  /** What the proposed SPF lets send: SPF_INCLUDE/SPF_IP, SMTP_NAME's host, or the MX alone. */
  spfSource: 'settings' | 'smtpName' | 'mx' | null;
  bounceDomain: string | null;
  bounceAligned: boolean | null;
  ampVisible: boolean;
}

/** A send as the latest sends list shows it. */
export interface SendFigures {
  id: number;
  label: string;
  listSubject: string;
  status: string;
  created: string;
  /** When a planned send goes (status 'scheduled'). */
  sendAt?: string | null;
  total: number;
  sent: number;
  bounced: number;
  opened: number;
  clicked: number;
}

/** GET /api/newsletters/{sendId}: a sent newsletter as its public page shows it (issue 40). */
export interface Newsletter {
  id: number;
  subject: string;
  html: string;
  text: string;
  sentAt: string;
  lang: string;
}
