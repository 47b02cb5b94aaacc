import { escapeHtml as esc } from '../../shared/html';
import type { MessageContent, MessageContext, MessageKind, QueuedMessage } from '../mail';
import { RAPPORTS_NOTICE_KIND } from './notice';
import { EMAIL_REDACTED } from './redact';

interface Row {
  id: number;
  reference: string;
  created: string;
  description: string;
  route: string | null;
}

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
/** A description is cut past this in the message: the inbox shows it whole. */
const DESCRIPTION_MAX = 200;

/** The description as the message shows it: one line, cut, without any e-mail address (the inbox has them). */
const shortDescription = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim().replace(EMAIL, EMAIL_REDACTED);
  return line.length > DESCRIPTION_MAX ? `${line.slice(0, DESCRIPTION_MAX - 1)}…` : line;
};

/**
 * The admins' message about new bug reports (docs/qa-traces.md, «2d. The admins are told»): each
 * report's reference, date, description and page, and the link to the inbox. Only to an address
 * that is still an admin's; reports deleted since are left out (none left: not sent).
 */
export const rapportsNoticeMessage: MessageKind = {
  kind: RAPPORTS_NOTICE_KIND,
  async compose(ctx: MessageContext, message: QueuedMessage): Promise<MessageContent | null> {
    const ids = Array.isArray(message.payload.reports) ? message.payload.reports.map(Number).filter(Number.isInteger) : [];
    const [admin] = await ctx.db.query('SELECT 1 FROM app_user WHERE lower(email) = lower($1) AND roles @> \'["ROLE_ADMIN"]\'::jsonb', [message.to]);
    if (!admin || ids.length === 0) return null;
    const rows = await ctx.db.query<Row>(
      'SELECT id, reference, created, description, route FROM bug_report WHERE id = ANY($1::int[]) ORDER BY created, id',
      [ids],
    );
    if (rows.length === 0) return null;
    const more = Math.max(0, Number(message.payload.total ?? rows.length) - ids.length);
    const inbox = `${ctx.publicUrl}/influenceur/rapports`;
    const date = new Intl.DateTimeFormat('fr-FR', { timeZone: ctx.timezone, dateStyle: 'short', timeStyle: 'short' });
    const heading = rows.length + more > 1 ? `${rows.length + more} nouveaux rapports de problème` : 'Un nouveau rapport de problème';
    const items = rows.map((row) => {
      const link = `${inbox}/${row.id}`;
      const when = date.format(new Date(row.created));
      const description = shortDescription(row.description);
      const page = row.route ? ` — page ${row.route}` : '';
      return {
        text: `- ${row.reference}, ${when} : ${description}${page}\n  ${link}`,
        html:
          `<li style="margin-bottom:8px"><a href="${esc(link)}" style="color:#1565c0;font-weight:bold">${esc(row.reference)}</a>, ${esc(when)} : ` +
          `${esc(description)}${row.route ? `<br><span style="color:#555">page ${esc(row.route)}</span>` : ''}</li>`,
      };
    });
    const moreLine = more > 0 ? `Et ${more} autre${more > 1 ? 's' : ''}, dans la boîte de réception.` : '';
    return {
      subject: `${ctx.productName} : ${heading.charAt(0).toLowerCase()}${heading.slice(1)}`,
      html:
        `<!DOCTYPE html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#222">` +
        `<h1 style="font-size:20px">${esc(heading)}</h1><ul style="padding-left:20px">${items.map((item) => item.html).join('')}</ul>` +
        (moreLine ? `<p>${esc(moreLine)}</p>` : '') +
        `<p><a href="${esc(inbox)}">Ouvrir les rapports</a></p>` +
        `<p style="color:#777;font-size:12px">Vous recevez ce message parce que vous administrez ${esc(ctx.productName)} : ` +
        `au plus un message par heure, qui liste les rapports arrivés depuis le précédent.</p></body></html>`,
      text:
        `${heading}\n\n${items.map((item) => item.text).join('\n')}\n${moreLine ? `\n${moreLine}\n` : ''}\nOuvrir les rapports : ${inbox}\n\n` +
        `Vous recevez ce message parce que vous administrez ${ctx.productName} : au plus un message par heure, qui liste les rapports arrivés depuis le précédent.\n`,
      unsubscribe: null,
    };
  },
};
