import { decodeCodeList } from '../../deliveries';
import type { DeliveryProperties, DeliveryRow } from '../../deliveries';
import type { SendContent } from './render';

/** The delivery's own values: its sequence items, then its data (which wins on the same key). */
export function deliveryVars(properties: DeliveryProperties | undefined): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const item of properties?.sequence ?? []) vars[item.key] = item.value;
  for (const item of properties?.data ?? []) vars[item.key] = item.value;
  return vars;
}

type ContentFields = Partial<
  Pick<DeliveryRow, 'subject' | 'label' | 'codeHtml' | 'codeText' | 'codeAmp' | 'properties'>
>;

/** What a delivery's messages are rendered from, its codes decoded (base64 lists joined in order). */
export function contentOf(delivery: ContentFields): SendContent {
  return {
    subject: delivery.subject || delivery.label || '',
    html: decodeCodeList(delivery.codeHtml ?? [], 'codeHtml'),
    text: decodeCodeList(delivery.codeText ?? [], 'codeText'),
    amp: delivery.codeAmp ?? '',
    vars: deliveryVars(delivery.properties),
    tracking: delivery.properties?.tracking === true,
    ...(delivery.properties?.lang ? { lang: delivery.properties.lang } : {}),
    ...(delivery.properties?.private ? { private: true } : {}),
  };
}

export const hasBody = (content: SendContent) =>
  Boolean(content.html.trim() || content.text.trim() || content.amp.trim());
