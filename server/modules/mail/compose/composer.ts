import { randomUUID } from 'node:crypto';
import type { SendMailOptions } from 'nodemailer';
import { copy } from '../copy';
import type { MailLinks } from '../tracking';
import { composeMessage, sendMessageId, senderDomain } from './message';
import type { Claimed } from '../queue';
import { bounceAddress } from '../bounces';
import type { CompiledContent } from './render';

/** The sample contact of previews and test sends. */
const sampleContact = (email: string) => ({ email, firstname: copy.previewFirstname, lastname: copy.previewLastname });

/**
 * How the module's messages are made: a send's message to one recipient (Message-ID from
 * (send, contact), VERP envelope sender with BOUNCE_DOMAIN, tracked links when the content
 * asks), a BAT, a preview.
 */
export function mailComposer({ from, links, bounceDomain }: { from: string; links: MailLinks; bounceDomain: string | null }) {
  const domain = senderDomain(from);
  return {
    async forRecipient(content: CompiledContent, job: Claimed): Promise<SendMailOptions> {
      const unsubscribeUrl = links.unsubscribeUrl(job.contactId);
      // Rendered once: the tracker reads the HTML's link targets, the message is made of it.
      const parts = content.render(job, unsubscribeUrl);
      const tracked = content.tracking && parts.html.trim() !== '';
      return composeMessage(
        content,
        job,
        {
          from,
          messageId: sendMessageId(job.sendId, job.contactId, domain),
          unsubscribeUrl,
          returnPath: bounceDomain ? bounceAddress(links.tokens(), job, bounceDomain) : undefined,
          tracker: tracked ? await links.tracker(job, unsubscribeUrl, parts.html) : undefined,
        },
        parts,
      );
    },
    testMessage(content: CompiledContent, email: string): SendMailOptions {
      return composeMessage(content, sampleContact(email), {
        from,
        messageId: `<bat-${randomUUID()}@${domain}>`,
        unsubscribeUrl: links.unsubscribeUrl(null),
        subjectPrefix: copy.testSubjectPrefix,
      });
    },
    preview(content: CompiledContent, email: string): SendMailOptions {
      return composeMessage(content, sampleContact(email), {
        from,
        messageId: '<preview@localhost>',
        unsubscribeUrl: links.unsubscribeUrl(null),
      });
    },
  };
}

export type MailComposer = ReturnType<typeof mailComposer>;
