import { createTheme, type Theme } from '@mui/material/styles';
import { siteConfig } from '../../shared/site-config.js';
import { readableOn, textOn } from '../../shared/domain/readable-colour.js';

export type ThemeMode = 'dark' | 'light';

/**
 * docs/product.md §1 look: black background and cards, white text at 100/70/50%, 10% white borders.
 * The light theme keeps the hues but every text colour reads at 4.5:1 (WCAG 2.2 AA): the primary
 * green is deepened, and tertiary text is 56% black, not MUI's 38% (docs/decisions/0040).
 */
export function createAppTheme(mode: ThemeMode): Theme {
  const { theme } = siteConfig;
  const { lightBackground } = theme;
  const dark = mode === 'dark';
  return createTheme({
    palette: {
      mode,
      primary: { main: dark ? theme.primary : readableOn(theme.primary, lightBackground) },
      // MUI's light info (#0288d1) and warning (#ed6c02) read at 3.9:1 and 3.1:1 as chip text.
      ...(dark ? {} : { info: { main: '#0277BD' }, warning: { main: '#B45309' } }),
      background: dark ? { default: theme.background, paper: theme.card } : { default: lightBackground, paper: '#FFFFFF' },
      text: dark
        ? { primary: theme.text, secondary: theme.textSecondary, disabled: theme.textTertiary }
        : { primary: 'rgba(0, 0, 0, 0.87)', secondary: 'rgba(0, 0, 0, 0.64)', disabled: 'rgba(0, 0, 0, 0.56)' },
      divider: dark ? theme.border : 'rgba(0, 0, 0, 0.12)',
    },
    shape: { borderRadius: 8 },
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          // docs/product.md §2.2: a visible focus ring on whatever the keyboard reaches, in both themes.
          // 'body' outranks the components' own outline: 0 (MUI's ButtonBase).
          'body :focus-visible': { outline: `2px solid ${dark ? theme.text : 'rgba(0, 0, 0, 0.87)'}`, outlineOffset: 2 },
          // MUI's inputs notice the browser's autofill by these animations' start. They are here, in the
          // one global style sheet, instead of a Global of every input's own (disableInjectingGlobalStyles
          // below): a page with a search box no longer hydrates a second global style tag.
          '@keyframes mui-auto-fill': { from: { animationName: 'mui-auto-fill' } },
          '@keyframes mui-auto-fill-cancel': { from: { animationName: 'mui-auto-fill-cancel' } },
          // docs/product.md §2.2: people who ask for less motion get no animations or smooth scrolling.
          '@media (prefers-reduced-motion: reduce)': {
            '*, *::before, *::after': {
              animationDuration: '0.01ms !important',
              animationIterationCount: '1 !important',
              transitionDuration: '0.01ms !important',
              scrollBehavior: 'auto !important',
            },
          },
        },
      },
      MuiInputBase: {
        defaultProps: { disableInjectingGlobalStyles: true },
        // What MUI applies to an input when it injects the keyframes itself (InputBase's own styles).
        styleOverrides: {
          input: {
            animationName: 'mui-auto-fill-cancel',
            animationDuration: '10ms',
            '&:-webkit-autofill': { animationDuration: '5000s', animationName: 'mui-auto-fill' },
          },
        },
      },
    },
  });
}

/**
 * The theme of a label's public pages: its accent is their primary colour (main buttons, chips, what is selected),
 * in a shade that reads on the theme's background, with black or white text on it, whichever reads (issue 35: SPEC's
 * label accents, records #02FF95, tech #FF0000, deep #00BFFF). The admin keeps the site's own primary.
 */
export function withLabelAccent(theme: Theme, accent: string): Theme {
  const main = readableOn(accent, theme.palette.background.default);
  return createTheme(theme, { palette: { primary: theme.palette.augmentColor({ color: { main, contrastText: textOn(main) } }) } });
}
