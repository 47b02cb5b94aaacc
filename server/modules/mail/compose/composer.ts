import { randomUUID } from 'node:crypto';
import type { SendMailOptions } from 'nodemailer';
import type { Queryable } from '../../../db/db';
import { bounceAddress } from '../bounces';
import { copy } from '../copy';
import type { MessageContent } from '../messages';
import type { Claimed, ClaimedMessage } from '../queue';
import type { MailLinks } from '../tracking';
import { loadInstallId } from './identity';
import { composeMessage, sendMessageId, senderDomain } from './message';
import { composeOneOff } from './oneOff';
import type { CompiledContent } from './render';
import { wholeMessage } from './whole';

/** The sample contact of previews and test sends. */
const sampleContact = (email: string) => ({ email, firstname: copy.previewFirstname, lastname: copy.previewLastname });

/**
 * How the module's messages are made: a send's message to one recipient (Message-ID from
 * (send, contact), VERP envelope sender with BOUNCE_DOMAIN, tracked links when the content
 * asks), a queued one-off message, a BAT, a preview. `load` reads what it keeps in the
 * database (the install id) once the database is there.
 */
export function mailComposer({ from, links, bounceDomain }: { from: string; links: MailLinks; bounceDomain: string | null }) {
  const domain = senderDomain(from);
  let install: string | null = null;
  const installId = () => {
    if (!install) throw new Error('mail composer used before the app is ready');
    return install;
  };
  return {
    async load(db: Queryable): Promise<void> {
      install = await loadInstallId(db);
    },
    forRecipient(content: CompiledContent, job: Claimed): SendMailOptions {
      const unsubscribeUrl = links.unsubscribeUrl(job.contactId);
      return composeMessage(content, job, {
        from,
        messageId: sendMessageId(job.sendId, job.contactId, installId(), domain),
        unsubscribeUrl,
        returnPath: bounceDomain ? bounceAddress(links.tokens(), job, bounceDomain) : undefined,
        tracker: content.tracking ? links.tracker(job, unsubscribeUrl) : undefined,
      });
    },
    testMessage(content: CompiledContent, email: string): SendMailOptions {
      return composeMessage(content, sampleContact(email), {
        from,
        messageId: `<bat-${randomUUID()}.${installId()}@${domain}>`,
        unsubscribeUrl: links.unsubscribeUrl(null),
        subjectPrefix: copy.testSubjectPrefix,
      });
    },
    /** A queued one-off message: its Message-ID from its row, the same at every try. */
    forMessage(content: MessageContent, message: Pick<ClaimedMessage, 'id' | 'to'>): SendMailOptions {
      const messageId = `<message-${message.id}.${installId()}@${domain}>`;
      return wholeMessage(composeOneOff(content, { from, to: message.to, messageId }));
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
