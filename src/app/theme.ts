import { createTheme } from '@mui/material/styles';
import { frFR } from '@mui/material/locale';

export const theme = createTheme(
  {
    palette: { primary: { main: '#1a237e' }, secondary: { main: '#e65100' } },
    // Buttons show the spec's copy as written, not upper-cased.
    components: { MuiButton: { styleOverrides: { root: { textTransform: 'none' } } } },
  },
  frFR,
);
