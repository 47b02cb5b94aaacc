import type { DeliveryDraft } from '../../draft';
import type { DeliveryProperties } from '../../types';

/** What every tab of the editor receives: the working copy and a way to change it. */
export interface TabProps {
  draft: DeliveryDraft;
  change: (patch: Partial<DeliveryDraft>) => void;
}

export const changeProperties = ({ draft, change }: TabProps, patch: Partial<DeliveryProperties>) =>
  change({ properties: { ...draft.properties, ...patch } });
