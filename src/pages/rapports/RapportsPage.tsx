import { Suspense, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Alert, Button, LinearProgress } from '@mui/material';
import { RapportsSection } from '../../features/rapports';
import { frRapports as t } from '../../shared/i18n/frRapports';
import { selectIsAdmin } from '../../shared/session';
import { lazyPart } from '../../shared/ui/lazyPart';
import { BackOfficeFrame } from '../backOffice/BackOfficeFrame';

const PATH = '/influenceur/rapports';

// The trace viewer's code loads only when a report is opened.
const RapportView = lazyPart(() => import(/* webpackChunkName: "rapport-viewer" */ './RapportView').then((m) => m.RapportView));

/**
 * `/influenceur/rapports[/{id}]` (admins, docs/qa-traces.md, «2c. Send it to the team»): the bug
 * reports received, and one opened in the trace viewer. `screen` is the app's routes, which the
 * viewer renders on each recorded state (given by AppRoutes: imported here, it would be a circle).
 */
export default function RapportsPage({ screen }: { screen: ReactNode }) {
  const admin = useSelector(selectIsAdmin);
  const navigate = useNavigate();
  const raw = useParams().id;
  const openId = raw === undefined ? null : /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  return (
    <BackOfficeFrame title={t.title}>
      {!admin ? (
        <Alert severity="info">{t.adminOnly}</Alert>
      ) : openId === null ? (
        <RapportsSection href={(id) => `${PATH}/${id}`} onOpen={(id) => navigate(`${PATH}/${id}`)} />
      ) : (
        <>
          <Button component={RouterLink} to={PATH} sx={{ mb: 2 }}>
            {t.back}
          </Button>
          <Suspense fallback={<LinearProgress aria-label={t.loading} />}>
            <RapportView key={openId} id={openId} screen={screen} onDeleted={() => navigate(PATH, { replace: true })} />
          </Suspense>
        </>
      )}
    </BackOfficeFrame>
  );
}
