import { createTheme, type Theme } from '@mui/material/styles';
import { siteConfig } from '../../shared/site-config.js';

export type ThemeMode = 'dark' | 'light';

/** docs/product.md §1 look: black background and cards, white text at 100/70/50%, 10% white borders. */
export function createAppTheme(mode: ThemeMode): Theme {
  const { theme } = siteConfig;
  const dark = mode === 'dark';
  return createTheme({
    palette: {
      mode,
      primary: { main: theme.primary },
      background: dark ? { default: theme.background, paper: theme.card } : { default: '#FAFAFA', paper: '#FFFFFF' },
      text: dark
        ? { primary: theme.text, secondary: theme.textSecondary, disabled: theme.textTertiary }
        : { primary: 'rgba(0, 0, 0, 0.87)', secondary: 'rgba(0, 0, 0, 0.6)', disabled: 'rgba(0, 0, 0, 0.38)' },
      divider: dark ? theme.border : 'rgba(0, 0, 0, 0.12)',
    },
    shape: { borderRadius: 8 },
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  });
}
