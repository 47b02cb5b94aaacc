import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { LinearProgress } from '@mui/material';
import { RequireSession } from '../features/auth';
import { lazyPart } from '../shared/ui/lazyPart';
import { Layout } from './Layout';
import { HomePage } from '../pages/home/HomePage';

// The public pages other than the home load on demand (the first page's JavaScript budget, issue
// 13); the creator and list pages share the home's code and add only their own.
const ChainePage = lazyPart(() => import(/* webpackChunkName: "chaine" */ '../pages/chaine/ChainePage').then((m) => m.ChainePage));
const ListePage = lazyPart(() => import(/* webpackChunkName: "liste" */ '../pages/liste/ListePage').then((m) => m.ListePage));
const InvitationPage = lazyPart(() =>
  import(/* webpackChunkName: "invitation" */ '../pages/invitation/InvitationPage').then((m) => m.InvitationPage),
);
const PasswordResetPage = lazyPart(() =>
  import(/* webpackChunkName: "password-reset" */ '../pages/passwordReset/PasswordResetPage').then((m) => m.PasswordResetPage),
);
const PreferencesPage = lazyPart(() =>
  import(/* webpackChunkName: "preferences" */ '../pages/preferences/PreferencesPage').then((m) => m.PreferencesPage),
);
const LoginPage = lazyPart(() => import(/* webpackChunkName: "login" */ '../pages/login/LoginPage').then((m) => m.LoginPage));
const HistoryPage = lazyPart(() => import(/* webpackChunkName: "history" */ '../pages/history/HistoryPage').then((m) => m.HistoryPage));
const UserPage = lazyPart(() => import(/* webpackChunkName: "user-page" */ '../pages/userPage/UserPage').then((m) => m.UserPage));
const PrivacyPolicyPage = lazyPart(() =>
  import(/* webpackChunkName: "legal" */ '../pages/privacyPolicy/PrivacyPolicyPage').then((m) => m.PrivacyPolicyPage),
);
const LegalMentionsPage = lazyPart(() =>
  import(/* webpackChunkName: "legal" */ '../pages/legalMentions/LegalMentionsPage').then((m) => m.LegalMentionsPage),
);
const NotesPage = lazyPart(() => import(/* webpackChunkName: "notes" */ '../pages/notes/NotesPage').then((m) => m.NotesPage));
const ConfirmationPage = lazyPart(() =>
  import(/* webpackChunkName: "confirmation" */ '../pages/confirmation/ConfirmationPage').then((m) => m.ConfirmationPage),
);
const NewsletterPage = lazyPart(() =>
  import(/* webpackChunkName: "newsletter" */ '../pages/newsletter/NewsletterPage').then((m) => m.NewsletterPage),
);

// The back-office is split out of the public pages' bundle.
const DashboardPage = lazy(() => import(/* webpackChunkName: "backoffice-dashboard" */ '../pages/dashboard/DashboardPage'));
const InfluenceurPage = lazy(() => import(/* webpackChunkName: "backoffice-influenceur" */ '../pages/influenceur/InfluenceurPage'));
// In the console's chunk: one more entry in the first page's chunk map costs the public side bytes.
const ListContactsPage = lazy(() => import(/* webpackChunkName: "backoffice-influenceur" */ '../pages/listContacts/ListContactsPage'));
const SendReportPage = lazy(() => import(/* webpackChunkName: "backoffice-send-report" */ '../pages/sendReport/SendReportPage'));
const SendingDomainPage = lazy(() => import(/* webpackChunkName: "backoffice-sending-domain" */ '../pages/sendingDomain/SendingDomainPage'));
const AutomationsPage = lazy(() => import(/* webpackChunkName: "backoffice-automations" */ '../pages/automations/AutomationsPage'));
const AuditPage = lazy(() => import(/* webpackChunkName: "backoffice-audit" */ '../pages/audit/AuditPage'));
const RapportsPage = lazy(() => import(/* webpackChunkName: "backoffice-rapports" */ '../pages/rapports/RapportsPage'));
const SuppressionsPage = lazy(() => import(/* webpackChunkName: "backoffice-suppressions" */ '../pages/suppressions/SuppressionsPage'));
const UsersPage = lazy(() => import(/* webpackChunkName: "backoffice-users" */ '../pages/users/UsersPage'));
const AccountPage = lazy(() => import(/* webpackChunkName: "backoffice-account" */ '../pages/account/AccountPage'));
const WebhooksPage = lazy(() => import(/* webpackChunkName: "backoffice-webhooks" */ '../pages/webhooks/WebhooksPage'));
// Reached from the console page: it loads with its chunk, no new entry in the public page's chunk map.
const SegmentsPage = lazy(() => import(/* webpackChunkName: "backoffice-influenceur" */ '../pages/segments/SegmentsPage'));
const FollowingPage = lazy(() => import(/* webpackChunkName: "backoffice-following" */ '../pages/following/FollowingPage'));

const backOffice = (page: ReactNode) => (
  <RequireSession>
    <Suspense fallback={<LinearProgress aria-label="chargement" />}>{page}</Suspense>
  </RequireSession>
);

const onDemand = (page: ReactNode) => <Suspense fallback={<LinearProgress aria-label="chargement" />}>{page}</Suspense>;

/**
 * The app's routes as the console's trace viewer renders them on a report's recorded states
 * (one element for every render: see LoadedTrace).
 */
const appScreen = <AppRoutes />;

/** The route table of spec §2.1. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="/" element={<HomePage />} />
        <Route path="/dashboard" element={backOffice(<DashboardPage />)} />
        <Route path="/influenceur/*" element={backOffice(<InfluenceurPage />)} />
        <Route path="/influenceur/listes/:id/contacts" element={backOffice(<ListContactsPage />)} />
        <Route path="/influenceur/envois/:id" element={backOffice(<SendReportPage />)} />
        <Route path="/influenceur/domaine" element={backOffice(<SendingDomainPage />)} />
        <Route path="/influenceur/automatisations" element={backOffice(<AutomationsPage />)} />
        <Route path="/influenceur/automatisations/:id" element={backOffice(<AutomationsPage />)} />
        <Route path="/influenceur/rapports" element={backOffice(<RapportsPage screen={appScreen} />)} />
        <Route path="/influenceur/rapports/:id" element={backOffice(<RapportsPage screen={appScreen} />)} />
        <Route path="/influenceur/exclusions" element={backOffice(<SuppressionsPage />)} />
        <Route path="/influenceur/audit" element={backOffice(<AuditPage />)} />
        <Route path="/influenceur/utilisateurs" element={backOffice(<UsersPage />)} />
        <Route path="/influenceur/compte" element={backOffice(<AccountPage />)} />
        <Route path="/influenceur/webhooks" element={backOffice(<WebhooksPage />)} />
        <Route path="/influenceur/segments" element={backOffice(<SegmentsPage />)} />
        <Route path="/following" element={backOffice(<FollowingPage />)} />
        <Route path="/login" element={onDemand(<LoginPage />)} />
        <Route path="/mot-de-passe/:token" element={onDemand(<PasswordResetPage />)} />
        <Route path="/mot-de-passe" element={onDemand(<PasswordResetPage />)} />
        <Route path="/invitation/:token" element={onDemand(<InvitationPage />)} />
        <Route path="/invitation" element={onDemand(<InvitationPage />)} />
        <Route path="/preferences/:token" element={onDemand(<PreferencesPage />)} />
        <Route path="/preferences" element={onDemand(<PreferencesPage />)} />
        <Route path="/userPage" element={onDemand(<UserPage />)} />
        <Route path="/notes" element={onDemand(<NotesPage />)} />
        <Route path="/historique" element={onDemand(<HistoryPage />)} />
        <Route path="/chaine/:theme" element={onDemand(<ChainePage />)} />
        <Route path="/liste/:theme" element={onDemand(<ListePage />)} />
        <Route path="/privacy-policy" element={onDemand(<PrivacyPolicyPage />)} />
        <Route path="/legal-mentions" element={onDemand(<LegalMentionsPage />)} />
        <Route path="/confirmation/:token" element={onDemand(<ConfirmationPage />)} />
        <Route path="/confirmation" element={onDemand(<ConfirmationPage />)} />
        <Route path="/newsletters/:sendId" element={onDemand(<NewsletterPage />)} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
