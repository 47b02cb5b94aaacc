import { Suspense, useState, type ReactNode } from 'react';
import { AppBar, Box, Button, IconButton, Menu, MenuItem, Toolbar, Tooltip, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router-dom';
import { ChangePasswordDialog, LogoutButton, useLogout } from '../../features/auth';
import { appConfig } from '../../shared/config/appConfig';
import { fr } from '../../shared/i18n/fr';
import { frConsole } from '../../shared/i18n/frConsole';
import { frTotp } from '../../shared/i18n/frTotp';
import { lazyPart } from '../../shared/ui/lazyPart';
import { selectIsAdmin, selectSessionUser } from '../../shared/session';
import { TraceDownloadButton } from '../../shared/trace';
import { FeedbackHost } from '../../shared/ui/Feedback';
import { ACCOUNT_PATH, ADMIN_LINKS, CONSOLE_LINKS, type NavLink } from './navigation';

// « Mon compte » › Double authentification: its code loads when it opens.
const TotpDialog = lazyPart(() => import(/* webpackChunkName: "totp-dialog" */ '../../features/auth/components/TotpDialog').then((m) => m.TotpDialog));

/**
 * The back-office pages' frame: product name, navigation, who is signed in, logout, and the
 * corner where `useNotify()` messages show (here rather than app-wide: the public pages never
 * notify, and notistack stays out of their first JavaScript). The header holds one line from
 * the `lg` breakpoint (1200 px) on: who is signed in opens a menu with the password change, and
 * the items sit close (issue 41: it wrapped at 1280 px). Below `lg` the navigation folds into a
 * menu, so that a narrower window never wraps it and a phone never scrolls sideways.
 */
export function BackOfficeFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <FeedbackHost>
      <FramedPage title={title}>{children}</FramedPage>
    </FeedbackHost>
  );
}

function FramedPage({ title, children }: { title: string; children: ReactNode }) {
  const user = useSelector(selectSessionUser);
  const adminLinks = useSelector(selectIsAdmin) ? ADMIN_LINKS : [];
  const folded = useMediaQuery(useTheme().breakpoints.down('lg'));
  return (
    <Box>
      <AppBar position="static" color="primary" sx={{ mb: 3 }}>
        <Toolbar sx={{ gap: 0.5, flexWrap: 'nowrap' }}>
          <Typography variant="h6" component="span" sx={{ flexGrow: 1, mr: 1, whiteSpace: 'nowrap' }}>
            {appConfig.productName}
          </Typography>
          {folded ? (
            <FoldedMenu username={user?.username} links={[...CONSOLE_LINKS, ...adminLinks]} />
          ) : (
            <>
              {CONSOLE_LINKS.map((link) => (
                <Button key={link.to} color="inherit" component={RouterLink} to={link.to} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
                  {link.label}
                </Button>
              ))}
              {adminLinks.length > 0 && <AdminMenu links={adminLinks} />}
              <AccountMenu username={user?.username} />
              <Box sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
                <LogoutButton />
              </Box>
            </>
          )}
        </Toolbar>
      </AppBar>
      <Typography variant="h4" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {children}
      <Box component="footer" sx={{ mt: 4, textAlign: 'right' }}>
        <TraceDownloadButton />
      </Box>
    </Box>
  );
}

/**
 * The account's items (password, « Mon compte », two-factor sign-in) and the dialogs they open:
 * the same in the header's account menu and in the folded menu of a narrow window.
 */
function useAccountItems(close: () => void) {
  const [changing, setChanging] = useState(false);
  const [totp, setTotp] = useState(false);
  const items = [
    <MenuItem
      key="password"
      onClick={() => {
        close();
        setChanging(true);
      }}
    >
      {fr.auth.changePassword}
    </MenuItem>,
    <MenuItem key="account" component={RouterLink} to={ACCOUNT_PATH} onClick={close}>
      {frConsole.account.page}
    </MenuItem>,
    <MenuItem
      key="totp"
      onClick={() => {
        close();
        setTotp(true);
      }}
    >
      {frTotp.menu}
    </MenuItem>,
  ];
  const dialogs = (
    <>
      {changing && <ChangePasswordDialog onClose={() => setChanging(false)} />}
      {totp && (
        <Suspense fallback={null}>
          <TotpDialog onClose={() => setTotp(false)} />
        </Suspense>
      )}
    </>
  );
  return { items, dialogs };
}

/** The admins' pages, as one header button opening a menu of links. */
function AdminMenu({ links }: { links: readonly NavLink[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title={frConsole.administration.hint} describeChild>
        <Button
          color="inherit"
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          aria-controls={anchor ? 'admin-menu' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          endIcon={
            <Box component="span" aria-hidden sx={{ fontSize: 12, lineHeight: 1 }}>
              ▾
            </Box>
          }
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {frConsole.administration.label}
        </Button>
      </Tooltip>
      <Menu id="admin-menu" anchorEl={anchor} open={anchor !== null} onClose={close}>
        {links.map((link) => (
          <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={close}>
            {link.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/**
 * Who is signed in, as a button that opens the account's menu ('Changer mon mot de passe'): one
 * item of the header instead of two. A long address is cut with an ellipsis (whole in its tooltip).
 */
function AccountMenu({ username }: { username?: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const account = useAccountItems(close);
  const label = username ? fr.auth.signedInAs(username) : frConsole.account.label;
  return (
    <>
      <Tooltip title={`${label} — ${frConsole.account.hint}`} describeChild>
        <Button
          color="inherit"
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          aria-controls={anchor ? 'account-menu' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          endIcon={
            <Box component="span" aria-hidden sx={{ fontSize: 12, lineHeight: 1 }}>
              ▾
            </Box>
          }
          sx={{ minWidth: 0, maxWidth: 280, flexShrink: 1 }}
        >
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {label}
          </Box>
        </Button>
      </Tooltip>
      <Menu id="account-menu" anchorEl={anchor} open={anchor !== null} onClose={close}>
        {account.items}
      </Menu>
      {account.dialogs}
    </>
  );
}

function FoldedMenu({ username, links }: { username?: string; links: readonly NavLink[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const logout = useLogout();
  const close = () => setAnchor(null);
  const account = useAccountItems(close);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={fr.console.menu}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? 'back-office-menu' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {/* Three bars, drawn: the icon set is not a dependency of the app. */}
        <Box component="span" aria-hidden sx={{ fontSize: 24, lineHeight: 1 }}>
          ☰
        </Box>
      </IconButton>
      <Menu id="back-office-menu" anchorEl={anchor} open={anchor !== null} onClose={close}>
        {username && (
          <MenuItem disabled divider>
            {fr.auth.signedInAs(username)}
          </MenuItem>
        )}
        {links.map((link) => (
          <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={close}>
            {link.label}
          </MenuItem>
        ))}
        {account.items}
        <MenuItem
          onClick={() => {
            close();
            logout();
          }}
        >
          {fr.auth.logout}
        </MenuItem>
      </Menu>
      {account.dialogs}
    </>
  );
}
