import { randomUUID } from 'node:crypto';
import type { SendMailOptions } from 'nodemailer';
import type { DkimConfig } from '../../../config';
import type { Queryable } from '../../../db/db';
import { bounceAddress } from '../bounces';
import { copy } from '../copy';
import type { MessageContent } from '../messages';
import type { Claimed, ClaimedMessage } from '../claimedRows';
import { BAT_RECIPIENT, type MailLinks, type RecipientRef } from '../tracking';
import { dkimOption, loadDkimKey, type DkimKey } from './dkim';
import { loadInstallId } from './identity';
import { composeMessage, sendMessageId, senderDomain } from './message';
import { composeOneOff } from './oneOff';
import type { CompiledContent, Contact } from './render';
import { inlineCss as inlineCssOf, wholeMessage } from './whole';
import { ampFormsRefusal, ampRatingForm, RATING_TOKEN_DAYS } from './ampRating';

/** The public page of a sent newsletter (issue 40), what "Voir dans le navigateur" and channel posts link to. */
export const newsletterUrl = (base: string, sendId: number) => `${base.replace(/\/+$/, '')}/newsletters/${sendId}`;

/** The sample contact of previews and test sends. */
const sampleContact = (email: string) => ({ email, firstname: copy.previewFirstname, lastname: copy.previewLastname });

/** What the worker knows of a send when it composes one of its messages. */
export interface SendToCompose {
  content: CompiledContent;
  /** The send's list: its List-Id; no id for a segment over every list of its owner (each contact's list then). */
  list: { id: number | null; name: string };
}

export interface ComposerOptions {
  from: string;
  links: MailLinks;
  bounceDomain: string | null;
  dkim: DkimConfig;
}

/**
 * How the module's messages are made, the only place that makes one: a send's message to one
 * recipient, a BAT (the same message to a test address), a queued one-off message, a preview.
 * Every message leaves whole (a text part always, AMP only beside HTML or text, the HTML's CSS
 * inlined), with a Message-ID unique across installs and stable across retries, its
 * List-Unsubscribe (one-click, and a `mailto:` form with BOUNCE_DOMAIN), List-Id and
 * Feedback-ID, and DKIM-signed for the From domain (docs/architecture.md, «Signing and the sending domain»). `load` reads what it keeps
 * in the database (the install id, the domain's key) once the database is there.
 */
export function mailComposer({ from, links, bounceDomain, dkim }: ComposerOptions) {
  const domain = senderDomain(from);
  let install: string | null = null;
  let key: DkimKey | null = null;
  const installId = () => {
    if (!install) throw new Error('mail composer used before the app is ready');
    return install;
  };
  const signed = (message: SendMailOptions): SendMailOptions => (key ? { ...message, dkim: dkimOption(key) } : message);
  const listId = (list: { id: number; name: string }) => ({
    id: { url: `list-${list.id}.${installId()}.${domain}`, comment: list.name },
  });

  /** A send's message to a recipient (a contact, or a BAT's test address under BAT_RECIPIENT). */
  const campaignMessage = async (
    content: CompiledContent,
    contact: Contact,
    ref: RecipientRef,
    unsubscribe: { url: string; mailto: string | null; preferences: string },
    extra: { messageId: string; feedbackId: string; subjectPrefix?: string; list?: { id: number; name: string }; viewUrl?: string },
  ): Promise<SendMailOptions> => {
    // Rendered once: the tracker reads the HTML's link targets, the message is made of it.
    const parts = content.render(
      contact,
      { unsubscribeUrl: unsubscribe.url, preferencesUrl: unsubscribe.preferences },
      { ampForm: ratingForm('c', ref.contactId, content.lang) },
    );
    const tracked = content.tracking && parts.html.trim() !== '';
    const message = composeMessage(
      content,
      contact,
      {
        from,
        messageId: extra.messageId,
        unsubscribeUrl: unsubscribe.url,
        preferencesUrl: unsubscribe.preferences,
        subjectPrefix: extra.subjectPrefix,
        returnPath: bounceDomain ? bounceAddress(links.tokens(), ref, bounceDomain) : undefined,
        tracker: tracked ? await links.tracker(ref, unsubscribe.url, parts.html) : undefined,
        viewUrl: extra.viewUrl,
      },
      parts,
    );
    const headers = message.headers as Record<string, string>;
    return signed(
      wholeMessage({
        ...message,
        ...(extra.list ? { list: listId(extra.list) } : {}),
        headers: {
          ...headers,
          ...(unsubscribe.mailto ? { 'List-Unsubscribe': `${headers['List-Unsubscribe']}, <${unsubscribe.mailto}>` } : {}),
          'Feedback-ID': extra.feedbackId,
        },
      }),
    );
  };

  /** The AMP rating form of one person and video, signed for them (none with an http PUBLIC_URL). */
  const ratingForm = (who: 'c' | 'v', id: number, lang: string | undefined) => {
    const base = links.baseUrl();
    if (ampFormsRefusal(base)) return undefined;
    const expires = Math.floor(Date.now() / 1000) + RATING_TOKEN_DAYS * 86_400;
    return (video: { id: string }) => ampRatingForm(base, links.ratingTokens().sign({ who, id, videoId: video.id, expires }), lang);
  };

  const mailtoOf = (ref: RecipientRef) =>
    bounceDomain ? `mailto:${links.unsubscribeAddress(ref, bounceDomain)}?subject=unsubscribe` : null;

  return {
    async load(db: Queryable): Promise<void> {
      install = await loadInstallId(db);
      key = await loadDkimKey(db, domain, dkim);
    },
    /** A digest visitor's AMP rating form of a video (empty with an http PUBLIC_URL). */
    visitorRatingForm(visitorId: number, videoId: string, lang?: string): string {
      return ratingForm('v', visitorId, lang)?.({ id: videoId }) ?? '';
    },
    /** The key messages are signed with (null: DKIM=off). */
    signingKey: () => key,
    forRecipient(send: SendToCompose, job: Claimed): Promise<SendMailOptions> {
      const list = { id: send.list.id ?? job.grpId, name: send.list.name };
      return campaignMessage(
        send.content,
        job,
        job,
        { url: links.unsubscribeUrl(job.contactId, send.content.lang), mailto: mailtoOf(job), preferences: links.preferencesUrl(job.contactId) },
        {
          messageId: sendMessageId(job.sendId, job.contactId, installId(), domain),
          feedbackId: `${job.sendId}:${list.id}:envoi:${installId()}`,
          list,
          viewUrl: send.content.viewable ? newsletterUrl(links.baseUrl(), job.sendId) : undefined,
        },
      );
    },
    /**
     * A BAT: the message a send would give, to a test address — the same tracking, envelope,
     * headers and signature; its subject is prefixed and its unsubscribe links change nothing
     * (they name no contact).
     */
    testMessage(content: CompiledContent, email: string): Promise<SendMailOptions> {
      return campaignMessage(
        content,
        sampleContact(email),
        BAT_RECIPIENT,
        { url: links.unsubscribeUrl(null, content.lang), mailto: mailtoOf(BAT_RECIPIENT), preferences: links.preferencesUrl(null) },
        {
          messageId: `<bat-${randomUUID()}.${installId()}@${domain}>`,
          feedbackId: `bat:0:envoi:${installId()}`,
          subjectPrefix: copy.testSubjectPrefix,
        },
      );
    },
    /** A queued one-off message: its Message-ID from its row, the same at every try. */
    forMessage(content: MessageContent, message: Pick<ClaimedMessage, 'id' | 'to' | 'kind'>): SendMailOptions {
      const messageId = `<message-${message.id}.${installId()}@${domain}>`;
      const composed = composeOneOff(content, { from, to: message.to, messageId });
      return signed(
        wholeMessage({
          ...composed,
          html: typeof composed.html === 'string' ? inlineCssOf(composed.html) : composed.html,
          headers: { ...(composed.headers as Record<string, string>), 'Feedback-ID': `${message.id}:0:${message.kind}:${installId()}` },
        }),
      );
    },
    /** What a contact would read (no signature, no tracking): the editor's preview. */
    preview(content: CompiledContent, email: string): SendMailOptions {
      return composeMessage(content, sampleContact(email), {
        from,
        messageId: '<preview@localhost>',
        unsubscribeUrl: links.unsubscribeUrl(null, content.lang),
        preferencesUrl: links.preferencesUrl(null),
      });
    },
  };
}

export type MailComposer = ReturnType<typeof mailComposer>;
