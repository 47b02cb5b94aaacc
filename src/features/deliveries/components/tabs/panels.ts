import type { ReactNode } from 'react';
import { frConsole } from '../../../../shared/i18n/frConsole';
import { CodeTab } from './CodeTab';
import { ContentTab } from './ContentTab';
import { DataTab } from './DataTab';
import { DiffusionTab } from './DiffusionTab';
import { GeneralTab } from './GeneralTab';
import { LanguageTab } from './LanguageTab';
import { SequenceTab } from './SequenceTab';
import type { TabProps } from './types';

/** A tab's name, which is also its slug in the address (`/influenceur/modeles/12/code`). */
export type TabName = keyof typeof frConsole.deliveries.tabs;

/** Normal users see Général and Code; the admin every tab (spec §2.5). */
export const tabsFor = (isAdmin: boolean): TabName[] =>
  isAdmin ? ['general', 'content', 'sequence', 'code', 'data', 'language', 'diffusion'] : ['general', 'code'];

/** What each tab holds, in its tooltip (issue 41); Général needs none. */
const tabHints = frConsole.hints.tabs;
export const TAB_HINTS: Partial<Record<TabName, string>> = {
  content: tabHints.content,
  sequence: tabHints.deliverySequence,
  code: tabHints.code,
  data: tabHints.data,
  language: tabHints.language,
  diffusion: tabHints.diffusion,
};

export const PANELS: Record<TabName, (props: TabProps) => ReactNode> = {
  general: GeneralTab,
  content: ContentTab,
  sequence: SequenceTab,
  code: CodeTab,
  data: DataTab,
  language: LanguageTab,
  diffusion: DiffusionTab,
};
