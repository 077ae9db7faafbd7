import DarkModeIcon from "@mui/icons-material/DarkMode";
import LightModeIcon from "@mui/icons-material/LightMode";
import MenuIcon from "@mui/icons-material/Menu";
import { AppBar, Box, IconButton, Paper, Toolbar } from "@mui/material";
import { ThemeProvider, useTheme } from "@mui/material/styles";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { SpotifyConnect } from "../../features/spotify/components/spotify-connect.js";
import { labelFromPath } from "../../lib/current-label.js";
import { withLabelAccent } from "../theme.js";
import { useThemeMode } from "../theme-mode.js";
import { LabelLogo } from "./label-logo.js";
import { LabelTabs } from "./label-tabs.js";
import {
  drawerTopOffset,
  drawerWidth,
  topBarHeight,
} from "./layout-constants.js";
import { SideNav } from "./side-nav.js";
import { SiteFooter } from "./site-footer.js";
import { mainContentId, SkipLink } from "./skip-link.js";

// The phone's drawer (a modal) loads when first opened: the desktop's is plain navigation (docs/decisions/0023).
const MobileNav = lazy(() => import("./mobile-nav.js"));

/** docs/product.md §2 layout: top tab bar, label logo and side drawer, main content (the admin area has its own). */
export function AppShell() {
  const { pathname } = useLocation();
  const { mode, toggleMode } = useThemeMode();
  const [mobileOpen, setMobileOpen] = useState(false);
  // Once opened, the phone's drawer stays mounted, so that it slides out when closed.
  const [hasMobileNav, setHasMobileNav] = useState(false);
  const label = labelFromPath(pathname);
  const siteTheme = useTheme();
  const labelTheme = useMemo(
    () => withLabelAccent(siteTheme, label.accent),
    [siteTheme, label.accent],
  );

  // The slide-in drawer closes after each navigation.
  useEffect(() => setMobileOpen(false), [pathname]);

  return (
    <ThemeProvider theme={labelTheme}>
      <Box sx={{ minHeight: "100vh", position: "relative" }}>
        <SkipLink />
        <AppBar
          position="fixed"
          elevation={0}
          sx={{
            height: topBarHeight,
            bgcolor: "background.default",
            borderBottom: 1,
            borderColor: "divider",
            zIndex: (t) => t.zIndex.drawer + 1,
          }}
        >
          {/* Three columns on desktop: the tabs stay centred whatever appears beside them (the Spotify button). */}
          <Toolbar
            sx={{
              minHeight: `${topBarHeight}px !important`,
              gap: 1,
              display: { xs: "flex", md: "grid" },
              gridTemplateColumns: "1fr auto 1fr",
            }}
          >
            <Box sx={{ display: "flex", minWidth: 0 }}>
              <IconButton
                aria-label="Open navigation"
                edge="start"
                onClick={() => {
                  setHasMobileNav(true);
                  setMobileOpen(true);
                }}
                sx={{ display: { md: "none" }, color: "text.primary" }}
              >
                <MenuIcon />
              </IconButton>
            </Box>
            <Box
              sx={{
                flexGrow: 1,
                display: "flex",
                justifyContent: { xs: "flex-start", md: "center" },
                minWidth: 0,
              }}
            >
              <LabelTabs />
            </Box>
            <Box
              sx={{
                display: "flex",
                alignItems: "center",
                justifyContent: "flex-end",
                gap: 1,
              }}
            >
              <SpotifyConnect />
              {/* The browser's own tooltip: MUI's would load Popper into every page for this one hint. */}
              <IconButton
                aria-label="Toggle theme"
                title={
                  mode === "dark"
                    ? "Switch to light theme"
                    : "Switch to dark theme"
                }
                onClick={toggleMode}
                sx={{ color: "text.primary" }}
              >
                {mode === "dark" ? <LightModeIcon /> : <DarkModeIcon />}
              </IconButton>
            </Box>
          </Toolbar>
        </AppBar>

        <Box
          sx={{
            position: "fixed",
            top: topBarHeight,
            left: 0,
            width: drawerWidth,
            display: { xs: "none", md: "block" },
          }}
        >
          <LabelLogo label={label} />
        </Box>
        {/*
          What MUI's permanent Drawer draws (a docked paper), without the modal machinery it imports: its
          background and edge run down the whole page, to the footer's end, and the navigation in it stays
          in view while the page scrolls.
        */}
        <Paper
          square
          elevation={0}
          sx={{
            display: { xs: "none", md: "block" },
            position: "absolute",
            left: 0,
            top: drawerTopOffset,
            bottom: 0,
            zIndex: "drawer",
            width: drawerWidth,
            borderRight: 1,
            borderColor: "divider",
          }}
        >
          <Box
            sx={{
              position: "sticky",
              top: drawerTopOffset,
              maxHeight: `calc(100vh - ${drawerTopOffset}px - var(--player-bar-height, 0px))`,
              overflowY: "auto",
            }}
          >
            <SideNav label={label} />
          </Box>
        </Paper>
        {hasMobileNav && (
          <Suspense fallback={null}>
            <MobileNav
              label={label}
              open={mobileOpen}
              onClose={() => setMobileOpen(false)}
            />
          </Suspense>
        )}

        <Box
          component="main"
          id={mainContentId}
          tabIndex={-1}
          sx={{
            pt: `${topBarHeight}px`,
            ml: { md: `${drawerWidth}px` },
            minWidth: 0,
          }}
        >
          <Outlet />
        </Box>
        {/* Beside main, not in it: only a top-level footer is the page's contentinfo landmark. */}
        <SiteFooter />
      </Box>
    </ThemeProvider>
  );
}
