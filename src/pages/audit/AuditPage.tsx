import { useSelector } from 'react-redux';
import { useLocation } from 'react-router-dom';
import { Alert } from '@mui/material';
import { AuditSection } from '../../features/audit';
import { PersonDataSection } from '../../features/personnes';
import { frAudit as t } from '../../shared/i18n/frAudit';
import { selectIsAdmin } from '../../shared/session';
import { BackOfficeFrame } from '../backOffice/BackOfficeFrame';

/**
 * `/influenceur/audit` (admins, issue 38): a person's data (export, erasure) and the audit trail
 * of every action on personal data.
 */
export default function AuditPage() {
  const admin = useSelector(selectIsAdmin);
  // A contact's page sends its address in the history's state (never in the URL).
  const asked = (useLocation().state as { email?: unknown } | null)?.email;
  return (
    <BackOfficeFrame title={t.title}>
      {!admin ? (
        <Alert severity="info">{t.adminOnly}</Alert>
      ) : (
        <>
          <PersonDataSection initialEmail={typeof asked === 'string' ? asked : ''} />
          <AuditSection />
        </>
      )}
    </BackOfficeFrame>
  );
}
