import type { Queryable } from '../../../db/db';
import { mailTokens, ratingTokens, type MailTokens, type RatingTokens, type RecipientRef } from './tokens';
import { LinkTargets } from './linkTargets';
import { trackedTargets, type Tracker } from './trackHtml';
import { trackingPaths } from './routes';
import { loadLinkSecret, unsubscribeTokens, type UnsubscribeTokens } from './unsubscribe';

/**
 * The mail module's signed tokens (unsubscribe, VERP, tracking), made from the secret every
 * process shares once the database is there (`load`, at the app's onReady), and the links
 * messages carry.
 */
export class MailLinks {
  private unsubscribeKeys: UnsubscribeTokens | null = null;
  private recipientKeys: MailTokens | null = null;
  private ratingKeys: RatingTokens | null = null;
  private database: Queryable | null = null;
  private readonly targets = new LinkTargets(() => {
    if (!this.database) throw new Error('link targets used before the app is ready');
    return this.database;
  });

  constructor(readonly baseUrl: () => string) {}

  async load(db: Queryable): Promise<void> {
    this.database = db;
    const secret = await loadLinkSecret(db);
    this.unsubscribeKeys = unsubscribeTokens(secret);
    this.recipientKeys = mailTokens(secret);
    this.ratingKeys = ratingTokens(secret);
  }

  /** The tokens of AMP rating forms (issue 40). */
  readonly ratingTokens = (): RatingTokens => {
    if (!this.ratingKeys) throw new Error('rating tokens used before the app is ready');
    return this.ratingKeys;
  };

  readonly unsubscribeTokens = (): UnsubscribeTokens => {
    if (!this.unsubscribeKeys) throw new Error('unsubscribe tokens used before the app is ready');
    return this.unsubscribeKeys;
  };

  readonly tokens = (): MailTokens => {
    if (!this.recipientKeys) throw new Error('mail tokens used before the app is ready');
    return this.recipientKeys;
  };

  /**
   * A contact's unsubscribe link; null gives the test link of BAT messages and previews. A
   * message written in English (`lang` en) links to the page in English.
   */
  unsubscribeUrl(contactId: number | null, lang?: string): string {
    const english = lang?.toLowerCase().split('-')[0] === 'en';
    return `${this.baseUrl()}/api/unsubscribe/${this.unsubscribeTokens().sign(contactId)}${english ? '?lang=en' : ''}`;
  }

  /** A contact's preference page (issue 37): `/preferences/{token}`; null gives the test page of BAT messages and previews. */
  preferencesUrl(contactId: number | null): string {
    return `${this.baseUrl()}/preferences/${this.unsubscribeTokens().preferences.sign(contactId)}`;
  }

  /** The unsubscribe link of an audience's subject (`registerUnsubscribeAudience`): the digest's visitor. */
  unsubscribeUrlFor(audience: string, id: number): string {
    return `${this.baseUrl()}/api/unsubscribe/${this.unsubscribeTokens().signFor(audience, id)}`;
  }

  /** The `mailto:` unsubscribe address of a recipient, which the bounce receiver honours. */
  unsubscribeAddress(ref: RecipientRef, domain: string): string {
    return `unsubscribe+${this.tokens().unsubscribe.sign(ref)}@${domain}`;
  }

  /**
   * Signed redirects and the open image of one recipient's message, whose HTML part is `html`:
   * its link targets get their ids in the send's table first.
   */
  async tracker(ref: RecipientRef, unsubscribeUrl: string, html: string): Promise<Tracker> {
    const ids = await this.targets.ids(ref.sendId, trackedTargets(html, unsubscribeUrl));
    return {
      click: (url) => {
        const id = ids.get(url);
        if (id === undefined) throw new Error('a tracked link without its id');
        return `${this.baseUrl()}${trackingPaths.click(this.tokens().click.sign(ref, id))}`;
      },
      openUrl: `${this.baseUrl()}${trackingPaths.open(this.tokens().open.sign(ref))}`,
      unsubscribeUrl,
    };
  }
}
