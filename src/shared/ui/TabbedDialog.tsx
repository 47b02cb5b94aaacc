import { useState, type ReactNode } from 'react';
import { Box, Dialog, DialogContent, DialogTitle, IconButton, Tab, Tabs } from '@mui/material';
import { fr } from '../i18n/fr';

export interface DialogTab {
  label: string;
  content: ReactNode;
}

interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  tabs: DialogTab[];
}

/** An editor modal whose tabs navigate inside it (spec §4), closed with ×. */
export function TabbedDialog({ open, title, onClose, tabs }: Props) {
  const [active, setActive] = useState(0);
  const current = Math.min(active, tabs.length - 1);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="tabbed-dialog-title">
      <DialogTitle id="tabbed-dialog-title" sx={{ pr: 6 }}>
        {title}
        <IconButton aria-label={fr.common.close} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          ×
        </IconButton>
      </DialogTitle>
      <Tabs value={current} onChange={(_event, index: number) => setActive(index)} sx={{ px: 3 }} variant="scrollable">
        {tabs.map((tab, index) => (
          <Tab key={tab.label} label={tab.label} id={`dialog-tab-${index}`} aria-controls={`dialog-tabpanel-${index}`} />
        ))}
      </Tabs>
      <DialogContent dividers>
        {/* Every panel stays mounted, so what a tab holds unsaved survives a visit to another. */}
        {tabs.map((tab, index) => (
          <Box key={tab.label} role="tabpanel" hidden={index !== current} id={`dialog-tabpanel-${index}`} aria-labelledby={`dialog-tab-${index}`}>
            {tab.content}
          </Box>
        ))}
      </DialogContent>
    </Dialog>
  );
}
