import { Container } from '@mui/material';
import { Outlet } from 'react-router-dom';
import { BugReportButton } from '../shared/trace';
import { SessionEndRedirect } from './SessionEndRedirect';
import { LocationRecorder } from './LocationRecorder';

/** The single centred column that holds the routed view (spec §2.1). */
export function Layout() {
  return (
    <Container maxWidth="lg" component="main" sx={{ py: 3 }}>
      <LocationRecorder />
      <SessionEndRedirect />
      <Outlet />
      <BugReportButton />
    </Container>
  );
}
