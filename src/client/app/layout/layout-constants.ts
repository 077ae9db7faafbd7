// docs/product.md §9 layout constants.
export const drawerWidth = 240;
export const topBarHeight = 64;
export const logoHeaderHeight = 116;
export const logoWidth = 200;
/** The permanent drawer starts below the top bar and the logo header. */
export const drawerTopOffset = topBarHeight + logoHeaderHeight;
