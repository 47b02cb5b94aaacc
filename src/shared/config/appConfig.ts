/** Settings the server writes into the page (`<script id="app-config">`), with the defaults of docs/architecture.md, «Settings». */
export interface AppConfig {
  productName: string;
  societe: string;
  /** Where the public header's logo leads (DELIVERY_SITE_URL); null: the home page. */
  deliverySiteUrl: string | null;
  /** The public footer's contact address (CONTACT_EMAIL). */
  contactEmail: string;
  /** Texts of the legal pages (LEGAL_MENTIONS, PRIVACY_POLICY); null: the default texts of fr.ts. */
  legalMentions: string | null;
  privacyPolicy: string | null;
  /** Where shared notes link (SHARE_LINKS): the product's page of the video at that moment, or YouTube's. */
  shareLinks: 'product' | 'youtube';
  /** The zone scheduled sends are entered and shown in (TIMEZONE). */
  timezone: string;
}

const defaults: AppConfig = {
  productName: 'TGM',
  societe: 'tgm-societe',
  deliverySiteUrl: null,
  contactEmail: 'contact@tgm.local',
  legalMentions: null,
  privacyPolicy: null,
  shareLinks: 'product',
  timezone: 'Europe/Paris',
};

function readPageConfig(): Partial<AppConfig> {
  if (typeof document === 'undefined') return {};
  const element = document.getElementById('app-config');
  if (!element?.textContent) return {};
  try {
    return JSON.parse(element.textContent) as Partial<AppConfig>;
  } catch {
    return {};
  }
}

export const appConfig: AppConfig = { ...defaults, ...readPageConfig() };
