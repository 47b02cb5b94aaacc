import type { DeliveryDraft } from '../../draft';
import type { AmpRefusal, DeliveryProperties } from '../../types';

/** What every tab of the editor receives: the working copy and a way to change it. */
export interface TabProps {
  draft: DeliveryDraft;
  change: (patch: Partial<DeliveryDraft>) => void;
  /** The AMP errors the last save or MEP was refused with, and the code they were found in. */
  ampRefusal?: AmpRefusal | null;
}

export const changeProperties = ({ draft, change }: TabProps, patch: Partial<DeliveryProperties>) =>
  change({ properties: { ...draft.properties, ...patch } });
