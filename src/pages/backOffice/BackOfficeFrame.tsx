import { useState, type ReactNode } from 'react';
import { AppBar, Box, Button, IconButton, Menu, MenuItem, Toolbar, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router-dom';
import { ChangePasswordDialog, LogoutButton, useLogout } from '../../features/auth';
import { appConfig } from '../../shared/config/appConfig';
import { fr } from '../../shared/i18n/fr';
import { frConsole } from '../../shared/i18n/frConsole';
import { selectIsAdmin, selectSessionUser } from '../../shared/session';
import { TraceDownloadButton } from '../../shared/trace';
import { FeedbackHost } from '../../shared/ui/Feedback';

const LINKS = [
  { to: '/dashboard', label: frConsole.dashboard.title },
  { to: '/influenceur', label: fr.console.title },
  { to: '/influenceur/automatisations', label: frConsole.automations.nav },
  { to: '/influenceur/exclusions', label: frConsole.suppressions.nav },
];
/** Admins also reach the sending domain's page and the bug reports' inbox. */
const ADMIN_LINKS = [...LINKS, { to: '/influenceur/domaine', label: frConsole.sendingDomain.nav }, { to: '/influenceur/rapports', label: frConsole.rapports.nav }];

/**
 * The back-office pages' frame: product name, navigation, who is signed in, logout, and the
 * corner where `useNotify()` messages show (here rather than app-wide: the public pages never
 * notify, and notistack stays out of their first JavaScript). Below the `md` breakpoint the
 * navigation folds into a menu, so that a phone never scrolls sideways.
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
  const links = useSelector(selectIsAdmin) ? ADMIN_LINKS : LINKS;
  const folded = useMediaQuery(useTheme().breakpoints.down('md'));
  return (
    <Box>
      <AppBar position="static" color="primary" sx={{ mb: 3 }}>
        <Toolbar sx={{ gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="span" sx={{ flexGrow: 1 }}>
            {appConfig.productName}
          </Typography>
          {folded ? (
            <FoldedMenu username={user?.username} links={links} />
          ) : (
            <>
              {links.map((link) => (
                <Button key={link.to} color="inherit" component={RouterLink} to={link.to}>
                  {link.label}
                </Button>
              ))}
              {user && (
                <Typography variant="body2" component="span">
                  {fr.auth.signedInAs(user.username)}
                </Typography>
              )}
              <PasswordButton />
              <LogoutButton />
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

/** Opens the 'change my password' form. */
function PasswordButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button color="inherit" onClick={() => setOpen(true)}>
        {fr.auth.changePassword}
      </Button>
      {open && <ChangePasswordDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function FoldedMenu({ username, links }: { username?: string; links: typeof LINKS }) {
  const [changing, setChanging] = useState(false);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const logout = useLogout();
  const close = () => setAnchor(null);
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
        <MenuItem
          onClick={() => {
            close();
            setChanging(true);
          }}
        >
          {fr.auth.changePassword}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            logout();
          }}
        >
          {fr.auth.logout}
        </MenuItem>
      </Menu>
      {changing && <ChangePasswordDialog onClose={() => setChanging(false)} />}
    </>
  );
}
