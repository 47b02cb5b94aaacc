import { createTheme } from '@mui/material/styles';
import { frFR } from '@mui/material/locale';

export const theme = createTheme(
  {
    // #bf360c keeps the orange and reads at 5.6:1 on white (the first #e65100 read at 3.8:1).
    palette: { primary: { main: '#1a237e' }, secondary: { main: '#bf360c' } },
    // Buttons show the spec's copy as written, not upper-cased.
    components: { MuiButton: { styleOverrides: { root: { textTransform: 'none' } } } },
  },
  frFR,
);
