import { Button } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { SendReportView } from '../../features/mail';
import { frConsole } from '../../shared/i18n/frConsole';
import { BackOfficeFrame } from '../backOffice/BackOfficeFrame';

/** A send's report, at its own address (`/influenceur/envois/{id}`, docs/architecture.md, «Console addresses»). */
export default function SendReportPage() {
  const id = Number(useParams().id);
  return (
    <BackOfficeFrame title={frConsole.sendReport.figures}>
      <Button component={RouterLink} to="/influenceur" sx={{ mb: 2 }}>
        {frConsole.sendReport.back}
      </Button>
      {Number.isInteger(id) && id > 0 ? <SendReportView sendId={id} /> : null}
    </BackOfficeFrame>
  );
}
