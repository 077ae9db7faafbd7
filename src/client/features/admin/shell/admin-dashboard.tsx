import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Tab, Tabs, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, Link as RouterLink, Outlet, useLocation, useNavigate, useOutletContext } from 'react-router';
import type { StaffRole } from '../../../../shared/api/admin-auth.js';
import { mayUseAdminRoute } from '../../../../shared/api/staff.js';
import { clearAdminToken, readAdminToken } from '../../../lib/admin-session.js';
import { logOut } from '../api/admin-auth.js';
import type { AdminOutletContext } from './admin-outlet-context.js';

/**
 * docs/product.md §10.6: each tab its own route, in the order a label works: the catalog, then the
 * demos that come in, the members who join and the mail both are sent, the staff, and last the settings.
 * `api` is the admin route the tab reads: a role sees the tabs whose route it may use (decision 0098).
 */
export const adminTabs = [
  { label: 'Overview', path: '/admin', api: '/api/admin/stats' },
  // Releases first (issue 35): a label thinks in releases; their tracks are a search away.
  { label: 'Releases', path: '/admin/releases', api: '/api/admin/releases' },
  { label: 'Tracks', path: '/admin/tracks', api: '/api/admin/tracks' },
  { label: 'Artists', path: '/admin/artists', api: '/api/admin/artists' },
  { label: 'Playlists', path: '/admin/playlists', api: '/api/admin/playlists' },
  { label: 'Labels', path: '/admin/labels', api: '/api/admin/labels' },
  { label: 'Demos', path: '/admin/demos', api: '/api/admin/demos' },
  { label: 'Members', path: '/admin/members', api: '/api/admin/members' },
  // What members are told: beside the members it goes to.
  { label: 'Newsletter', path: '/admin/newsletter', api: '/api/admin/newsletters' },
  // Where the mail the label sends is read: beside the inboxes whose decisions and members write it.
  { label: 'Outbox', path: '/admin/outbox', api: '/api/admin/outbox' },
  { label: 'Staff', path: '/admin/staff', api: '/api/admin/staff' },
  // What makes the site the label's own (issue 34): names, words, colours, plans and legal texts.
  { label: 'Site', path: '/admin/site', api: '/api/admin/settings' },
  // One's own password and email are everyone's; the panels inside are by role.
  { label: 'Settings', path: '/admin/settings', api: '/api/admin/account' },
] as const;

/** The tabs the role may open. */
export function tabsOf(role: StaffRole) {
  return adminTabs.filter((tab) => mayUseAdminRoute(role, tab.api));
}

/** The tab whose route we are on: Overview on exactly /admin, the others on their path and below. */
function selectedTab(pathname: string): string | false {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/admin') return '/admin';
  const tab = adminTabs.find((t) => t.path !== '/admin' && (path === t.path || path.startsWith(`${t.path}/`)));
  return tab?.path ?? false;
}

/** docs/product.md §2 Admin dashboard: the layout of every /admin screen. */
export function AdminDashboard() {
  // The guard's context (the admin and the token) goes on to the tab screens.
  const context = useOutletContext<AdminOutletContext>();
  const { user } = context;
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  const tabs = tabsOf(user.role);
  const selected = selectedTab(location.pathname);

  const onLogOut = async () => {
    setIsLoggingOut(true);
    const token = readAdminToken();
    try {
      if (token) await logOut(token);
    } catch {
      // Revoked or not, this browser forgets the token: the user asked to leave.
    }
    void navigate('/login', { replace: true });
    clearAdminToken();
    queryClient.removeQueries({ queryKey: ['admin'] });
  };

  return (
    <Box sx={{ p: { xs: 2, md: 4 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, flexGrow: 1 }}>
          Admin Dashboard
        </Typography>
        <Typography color="text.secondary">{`Signed in as ${user.username}`}</Typography>
        {/* docs/product.md §2.4: the admin has no top bar, so it links back to the public site. */}
        <Button component={RouterLink} to="/" startIcon={<ArrowBackIcon />}>
          View site
        </Button>
        <Button variant="outlined" onClick={() => void onLogOut()} disabled={isLoggingOut}>
          Log out
        </Button>
      </Box>
      {/* The tabs overflow a phone: the arrows show there too (MUI hides them on touch screens by default). */}
      {/* Thirteen sections fit 1280 px without arrows: each tab as wide as its name needs. */}
      <Tabs
        value={tabs.some((tab) => tab.path === selected) ? selected : false}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label="Admin sections"
        sx={{ mb: 3, '& .MuiTab-root': { minWidth: 64, px: 1.5 } }}
      >
        {tabs.map((tab) => (
          <Tab key={tab.path} label={tab.label} value={tab.path} component={RouterLink} to={tab.path} />
        ))}
      </Tabs>
      {/* A tab of another role (its link, a bookmark) opens the first of this role's instead. */}
      {selected !== false && !tabs.some((tab) => tab.path === selected) ? <Navigate to={tabs[0]?.path ?? '/login'} replace /> : <Outlet context={context} />}
    </Box>
  );
}
