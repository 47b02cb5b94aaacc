import { useCallback, useState } from 'react';
import { useMediaQuery } from '@mui/material';
import { createTheme, type ThemeOptions } from '@mui/material/styles';
import { frFR } from '@mui/material/locale';
import { fr } from '../shared/i18n/fr';

const components: ThemeOptions['components'] = {
  // Buttons show the spec's copy as written, not upper-cased.
  MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
  // MUI's French locale leaves the alerts' close button in English.
  MuiAlert: { defaultProps: { closeText: fr.common.close } },
};

export const theme = createTheme(
  {
    // #bf360c keeps the orange and reads at 5.6:1 on white (the first #e65100 read at 3.8:1).
    palette: { primary: { main: '#1a237e' }, secondary: { main: '#bf360c' } },
    components,
  },
  frFR,
);

/** The public side's dark palette (issue 16): light tints of the brand colours, for contrast on dark grey. */
export const darkTheme = createTheme(
  {
    palette: { mode: 'dark', primary: { main: '#9fa8da' }, secondary: { main: '#ffb74d' } },
    components,
  },
  frFR,
);

export type ColorMode = 'light' | 'dark';

/** Where the visitor's explicit choice is kept (localStorage, outside Redux: a display preference). */
export const COLOR_MODE_KEY = 'tgm-color-mode';

function storedMode(): ColorMode | null {
  try {
    const value = window.localStorage.getItem(COLOR_MODE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

/** The system's mode until the visitor chooses one with the switch; the choice is remembered. */
export function useColorMode(): { mode: ColorMode; toggle: () => void } {
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const [chosen, setChosen] = useState<ColorMode | null>(storedMode);
  const mode: ColorMode = chosen ?? (systemDark ? 'dark' : 'light');
  const toggle = useCallback(() => {
    const next: ColorMode = mode === 'dark' ? 'light' : 'dark';
    setChosen(next);
    try {
      window.localStorage.setItem(COLOR_MODE_KEY, next);
    } catch {
      // Storage refused (private mode): the choice lasts for this page only.
    }
  }, [mode]);
  return { mode, toggle };
}
