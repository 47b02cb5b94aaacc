import { fr } from '../../shared/i18n/fr';
import { frConsole } from '../../shared/i18n/frConsole';
import { frAudit } from '../../shared/i18n/frAudit';

export interface NavLink {
  to: string;
  label: string;
}

/**
 * The console's header, in one place: a new page adds one line here. Everyone's links are
 * buttons of the header; admins' pages sit in its "Administration" menu, so that the header
 * keeps one line at 1280 px however many admin pages come (issue 41).
 */
export const CONSOLE_LINKS: readonly NavLink[] = [
  { to: '/dashboard', label: frConsole.dashboard.title },
  { to: '/influenceur', label: fr.console.title },
  { to: '/influenceur/automatisations', label: frConsole.automations.nav },
  { to: '/influenceur/exclusions', label: frConsole.suppressions.nav },
];

/** « Mon compte » (API tokens), opened from the account's menu of the header. */
export const ACCOUNT_PATH = '/influenceur/compte';

/** Admins only: the "Administration" menu of the header. */
export const ADMIN_LINKS: readonly NavLink[] = [
  { to: '/influenceur/domaine', label: frConsole.sendingDomain.nav },
  { to: '/influenceur/rapports', label: frConsole.rapports.nav },
  { to: '/influenceur/audit', label: frAudit.nav },
  { to: '/influenceur/utilisateurs', label: frConsole.users.nav },
  { to: '/influenceur/webhooks', label: frConsole.webhooks.nav },
];
