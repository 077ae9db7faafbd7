// SPEC §9 layout constants.
export const drawerWidth = 240;
export const topBarHeight = 64;
export const logoHeaderHeight = 116;
export const logoWidth = 200;
/** The permanent drawer starts below the top bar and the logo header. */
export const drawerTopOffset = topBarHeight + logoHeaderHeight;
/** Below this width the drawer is a temporary slide-in (MUI's md breakpoint is 900 px). */
export const mobileBreakpoint = 'md';
