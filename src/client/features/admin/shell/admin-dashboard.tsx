import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Tab, Tabs, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, Outlet, useLocation, useNavigate, useOutletContext } from 'react-router';
import { clearAdminToken, readAdminToken } from '../../../lib/admin-session.js';
import { logOut } from '../api/admin-auth.js';
import type { AdminOutletContext } from './admin-outlet-context.js';

/**
 * docs/product.md §10.6: each tab its own route, in the order a label works: the catalog, then the
 * demos that come in, the members who join and the mail both are sent, and last the settings.
 */
export const adminTabs = [
  { label: 'Overview', path: '/admin' },
  { label: 'Tracks', path: '/admin/tracks' },
  { label: 'Artists', path: '/admin/artists' },
  { label: 'Labels', path: '/admin/labels' },
  { label: 'Demos', path: '/admin/demos' },
  { label: 'Members', path: '/admin/members' },
  // What members are told: beside the members it goes to.
  { label: 'Newsletter', path: '/admin/newsletter' },
  // Where the mail the label sends is read: beside the inboxes whose decisions and members write it.
  { label: 'Outbox', path: '/admin/outbox' },
  { label: 'Settings', path: '/admin/settings' },
] as const;

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
      {/* Seven tabs overflow a phone: the arrows show there too (MUI hides them on touch screens by default). */}
      <Tabs value={selectedTab(location.pathname)} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label="Admin sections" sx={{ mb: 3 }}>
        {adminTabs.map((tab) => (
          <Tab key={tab.path} label={tab.label} value={tab.path} component={RouterLink} to={tab.path} />
        ))}
      </Tabs>
      <Outlet context={context} />
    </Box>
  );
}
