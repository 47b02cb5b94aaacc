import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { LinearProgress } from '@mui/material';
import { RequireSession } from '../features/auth';
import { Layout } from './Layout';
import { HomePage } from '../pages/home/HomePage';
import { LoginPage } from '../pages/login/LoginPage';
import { UserPage } from '../pages/userPage/UserPage';
import { ChainePage } from '../pages/chaine/ChainePage';
import { ListePage } from '../pages/liste/ListePage';
import { PrivacyPolicyPage } from '../pages/privacyPolicy/PrivacyPolicyPage';
import { LegalMentionsPage } from '../pages/legalMentions/LegalMentionsPage';

// The back-office is split out of the public pages' bundle.
const DashboardPage = lazy(() => import(/* webpackChunkName: "backoffice-dashboard" */ '../pages/dashboard/DashboardPage'));
const InfluenceurPage = lazy(() => import(/* webpackChunkName: "backoffice-influenceur" */ '../pages/influenceur/InfluenceurPage'));
const SendReportPage = lazy(() => import(/* webpackChunkName: "backoffice-send-report" */ '../pages/sendReport/SendReportPage'));
const FollowingPage = lazy(() => import(/* webpackChunkName: "backoffice-following" */ '../pages/following/FollowingPage'));

const backOffice = (page: ReactNode) => (
  <RequireSession>
    <Suspense fallback={<LinearProgress aria-label="chargement" />}>{page}</Suspense>
  </RequireSession>
);

/** The route table of spec §2.1. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="/" element={<HomePage />} />
        <Route path="/dashboard" element={backOffice(<DashboardPage />)} />
        <Route path="/influenceur/*" element={backOffice(<InfluenceurPage />)} />
        <Route path="/influenceur/envois/:id" element={backOffice(<SendReportPage />)} />
        <Route path="/following" element={backOffice(<FollowingPage />)} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/userPage" element={<UserPage />} />
        <Route path="/chaine/:theme" element={<ChainePage />} />
        <Route path="/liste/:theme" element={<ListePage />} />
        <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
        <Route path="/legal-mentions" element={<LegalMentionsPage />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
