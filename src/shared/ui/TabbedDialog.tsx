import { useState, type ReactNode } from 'react';
import {
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Tab,
  Tabs,
  useMediaQuery,
  useTheme,
  type DialogProps,
} from '@mui/material';
import { fr } from '../i18n/fr';
import { FeedbackHost } from './Feedback';

export interface DialogTab {
  label: string;
  /** The tab's name in the address (`/influenceur/listes/12/ciblage`). */
  slug?: string;
  /** What the tab holds, in its tooltip (issue 41: what a newcomer would not guess from its name). */
  hint?: string;
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
  /** While the record is on its way: shown instead of the tabs (a progress bar, or why it did not come). */
  pending?: ReactNode;
  /** Messages about the whole record (saved, save first), under the panels and always in view. */
  messages?: ReactNode;
  /** The editor's buttons, under the panels on every tab and always in view. */
  actions?: ReactNode;
  /**
   * Only the open tab's panel is mounted: for panels that work while shown (the template
   * editor's Code and Contenu each compile through the server) and whose unsaved state lives
   * above them. By default every panel stays mounted, so what a tab holds survives a visit to another.
   */
  lazyPanels?: boolean;
  maxWidth?: DialogProps['maxWidth'];
}

/**
 * An editor modal whose tabs navigate inside it (spec §4), closed with × (named "Fermer").
 * Below the `sm` breakpoint it takes the whole screen, so that nothing scrolls sideways on a phone.
 */
export function TabbedDialog({
  open,
  title,
  onClose,
  tabs,
  activeSlug,
  onTabChange,
  pending,
  messages,
  actions,
  lazyPanels = false,
  maxWidth = 'md',
}: Props) {
  const [own, setOwn] = useState(0);
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const fromSlug = activeSlug === undefined ? -1 : tabs.findIndex((tab) => tab.slug === activeSlug);
  const current = Math.min(fromSlug >= 0 ? fromSlug : own, tabs.length - 1);
  const choose = (index: number) => {
    setOwn(index);
    const slug = tabs[index].slug;
    if (slug && onTabChange) onTabChange(slug);
  };
  const showTabs = pending === undefined && tabs.length > 0;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth={maxWidth} fullScreen={fullScreen} aria-labelledby="tabbed-dialog-title">
      <DialogTitle id="tabbed-dialog-title" sx={{ pr: 6, overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      {/* Beside the title, not in it: the dialog is named by its title alone. */}
      <IconButton aria-label={fr.common.close} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        ×
      </IconButton>
      {showTabs && (
        <Tabs value={current} onChange={(_event, index: number) => choose(index)} sx={{ px: { xs: 0, sm: 3 } }} variant="scrollable" allowScrollButtonsMobile>
          {tabs.map((tab, index) => (
            <Tab
              key={tab.label}
              label={tab.label}
              id={`dialog-tab-${index}`}
              aria-controls={`dialog-tabpanel-${index}`}
              // The tooltip is the native one: MUI's Tooltip around a Tab would break the tab list's keyboard moves.
              title={tab.hint}
            />
          ))}
        </Tabs>
      )}
      <FeedbackHost>
        <DialogContent dividers sx={{ px: { xs: 1.5, sm: 3 } }}>
          {showTabs
            ? tabs.map((tab, index) => (
                // Every panel's box is there (the tabs point at it); a lazy one is empty while hidden.
                <Box key={tab.label} role="tabpanel" hidden={index !== current} id={`dialog-tabpanel-${index}`} aria-labelledby={`dialog-tab-${index}`}>
                  {(!lazyPanels || index === current) && tab.content}
                </Box>
              ))
            : pending}
        </DialogContent>
        {messages && <Box sx={{ px: { xs: 1.5, sm: 3 }, pt: 1, display: 'grid', gap: 1 }}>{messages}</Box>}
        {actions && <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>{actions}</DialogActions>}
      </FeedbackHost>
    </Dialog>
  );
}
