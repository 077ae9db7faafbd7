import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Drawer, IconButton, Toolbar, Tooltip } from '@mui/material';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SpotifyConnectButton } from '../../features/spotify/components/spotify-connect-button.js';
import { labelFromPath } from '../../lib/current-label.js';
import { useThemeMode } from '../theme-mode.js';
import { LabelLogo } from './label-logo.js';
import { LabelTabs } from './label-tabs.js';
import { drawerTopOffset, drawerWidth, topBarHeight } from './layout-constants.js';
import { SideNav } from './side-nav.js';

/** docs/product.md §2 layout: top tab bar, label logo and side drawer, main content (the admin area has its own). */
export function AppShell() {
  const { pathname } = useLocation();
  const { mode, toggleMode } = useThemeMode();
  const [mobileOpen, setMobileOpen] = useState(false);
  const label = labelFromPath(pathname);

  // The slide-in drawer closes after each navigation.
  useEffect(() => setMobileOpen(false), [pathname]);

  return (
    <Box sx={{ minHeight: '100vh' }}>
      <AppBar
        position="fixed"
        elevation={0}
        sx={{ height: topBarHeight, bgcolor: 'background.default', borderBottom: 1, borderColor: 'divider', zIndex: (t) => t.zIndex.drawer + 1 }}
      >
        <Toolbar sx={{ minHeight: `${topBarHeight}px !important`, gap: 1 }}>
          <IconButton
            aria-label="Open navigation"
            edge="start"
            onClick={() => setMobileOpen(true)}
            sx={{ display: { md: 'none' }, color: 'text.primary' }}
          >
            <MenuIcon />
          </IconButton>
          <Box sx={{ flexGrow: 1, display: 'flex', justifyContent: { xs: 'flex-start', md: 'center' }, minWidth: 0 }}>
            <LabelTabs />
          </Box>
          <SpotifyConnectButton />
          <Tooltip title={mode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}>
            <IconButton aria-label="Toggle theme" onClick={toggleMode} sx={{ color: 'text.primary' }}>
              {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
            </IconButton>
          </Tooltip>
        </Toolbar>
      </AppBar>

      <Box sx={{ position: 'fixed', top: topBarHeight, left: 0, width: drawerWidth, display: { xs: 'none', md: 'block' } }}>
        <LabelLogo label={label} />
      </Box>
      <Drawer
        variant="permanent"
        sx={{ display: { xs: 'none', md: 'block' } }}
        slotProps={{
          paper: {
            sx: {
              width: drawerWidth,
              top: drawerTopOffset,
              height: `calc(100% - ${drawerTopOffset}px - var(--player-bar-height, 0px))`,
              borderRight: 1,
              borderColor: 'divider',
            },
          },
        }}
      >
        <SideNav label={label} />
      </Drawer>
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={() => setMobileOpen(false)}
        ModalProps={{ keepMounted: true }}
        sx={{ display: { xs: 'block', md: 'none' } }}
        slotProps={{ paper: { sx: { width: drawerWidth } } }}
      >
        <SideNav label={label} onNavigate={() => setMobileOpen(false)} />
      </Drawer>

      <Box
        component="main"
        sx={{ pt: `${topBarHeight}px`, pb: 'var(--player-bar-height, 0px)', ml: { md: `${drawerWidth}px` }, minWidth: 0 }}
      >
        <Outlet />
      </Box>
    </Box>
  );
}
