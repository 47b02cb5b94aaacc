import { render, screen } from '@testing-library/react';
import { Alert, TablePagination } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { darkTheme, theme } from './theme';

describe.each([
  ['light', theme],
  ['dark', darkTheme],
])('the %s theme speaks French', (_name, chosen) => {
  it("names an alert's close button and the pagination's controls in French", () => {
    render(
      <ThemeProvider theme={chosen}>
        <Alert onClose={() => undefined}>Enregistré.</Alert>
        <TablePagination component="div" count={100} page={0} rowsPerPage={10} onPageChange={() => undefined} />
      </ThemeProvider>,
    );
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Aller à la page suivante' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});
