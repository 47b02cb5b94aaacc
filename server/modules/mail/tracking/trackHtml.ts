import Handlebars from 'handlebars';

export interface Tracker {
  /** The signed redirect to `url`. */
  click(url: string): string;
  /** The address of the 1×1 open image. */
  openUrl: string;
  /** The unsubscribe link: never rewritten (a scanner following it would unsubscribe no one, but it must stay recognisable). */
  unsubscribeUrl: string;
}

const HREF = /(<a\b[^>]*?\bhref\s*=\s*)(?:"([^"]*)"|'([^']*)')/gi;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&#x27;': "'", '&lt;': '<', '&gt;': '>', '&#x3D;': '=', '&#x60;': '`' };
const decode = (value: string) => value.replace(/&(?:amp|quot|#39|#x27|lt|gt|#x3D|#x60);/g, (entity) => ENTITIES[entity]);

function beforeBodyEnd(document: string, addition: string): string {
  const at = document.search(/<\/body>(?![\s\S]*<\/body>)/i);
  return at < 0 ? `${document}${addition}` : `${document.slice(0, at)}${addition}${document.slice(at)}`;
}

/**
 * A rendered HTML part with its web links (http and https: not mailto:, tel: or anchors, not
 * the unsubscribe link) pointing at signed redirects, and the open image before `</body>`.
 * Only the HTML part is tracked: text and AMP parts stay as written.
 */
export function trackHtml(html: string, tracker: Tracker): string {
  const linked = html.replace(HREF, (whole, start: string, double?: string, single?: string) => {
    const url = decode((double ?? single ?? '').trim());
    if (!/^https?:\/\//i.test(url) || url === tracker.unsubscribeUrl) return whole;
    return `${start}"${Handlebars.escapeExpression(tracker.click(url))}"`;
  });
  const image = `<img src="${Handlebars.escapeExpression(tracker.openUrl)}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px">`;
  return beforeBodyEnd(linked, image);
}
