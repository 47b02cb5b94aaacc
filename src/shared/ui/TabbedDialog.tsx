import { useState, type ReactNode } from 'react';
import { Box, Dialog, DialogContent, DialogTitle, IconButton, Tab, Tabs, useMediaQuery, useTheme } from '@mui/material';
import { fr } from '../i18n/fr';
import { FeedbackHost } from './Feedback';

export interface DialogTab {
  label: string;
  /** The tab's name in the address (`/influenceur/listes/12/contacts`). */
  slug?: string;
  content: ReactNode;
}

interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  tabs: DialogTab[];
  /** The open tab's slug, when the address says which; absent, the dialog keeps its own. */
  activeSlug?: string;
  onTabChange?: (slug: string) => void;
}

/**
 * An editor modal whose tabs navigate inside it (spec §4), closed with ×. Below the `sm`
 * breakpoint it takes the whole screen, so that nothing scrolls sideways on a phone.
 */
export function TabbedDialog({ open, title, onClose, tabs, activeSlug, onTabChange }: Props) {
  const [own, setOwn] = useState(0);
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const fromSlug = activeSlug === undefined ? -1 : tabs.findIndex((tab) => tab.slug === activeSlug);
  const current = Math.min(fromSlug >= 0 ? fromSlug : own, tabs.length - 1);
  const choose = (index: number) => {
    setOwn(index);
    const slug = tabs[index].slug;
    if (slug && onTabChange) onTabChange(slug);
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="tabbed-dialog-title">
      <DialogTitle id="tabbed-dialog-title" sx={{ pr: 6, overflowWrap: 'anywhere' }}>
        {title}
        <IconButton aria-label={fr.common.close} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          ×
        </IconButton>
      </DialogTitle>
      <Tabs value={current} onChange={(_event, index: number) => choose(index)} sx={{ px: { xs: 0, sm: 3 } }} variant="scrollable" allowScrollButtonsMobile>
        {tabs.map((tab, index) => (
          <Tab key={tab.label} label={tab.label} id={`dialog-tab-${index}`} aria-controls={`dialog-tabpanel-${index}`} />
        ))}
      </Tabs>
      <DialogContent dividers sx={{ px: { xs: 1.5, sm: 3 } }}>
        <FeedbackHost>
          {/* Every panel stays mounted, so what a tab holds unsaved survives a visit to another. */}
          {tabs.map((tab, index) => (
            <Box key={tab.label} role="tabpanel" hidden={index !== current} id={`dialog-tabpanel-${index}`} aria-labelledby={`dialog-tab-${index}`}>
              {tab.content}
            </Box>
          ))}
        </FeedbackHost>
      </DialogContent>
    </Dialog>
  );
}
