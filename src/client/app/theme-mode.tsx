import { CssBaseline, ThemeProvider } from '@mui/material';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { parseThemeMode, themeCookieName, type ThemeMode } from '../../shared/page-render.js';
import { createAppTheme } from './theme.js';

interface ThemeModeState {
  mode: ThemeMode;
  toggleMode(): void;
}

const ThemeModeContext = createContext<ThemeModeState | null>(null);

/** The theme chosen in this browser (the cookie the server reads too), dark when none. */
export function readThemeCookie(cookie: string): ThemeMode {
  const value = cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === themeCookieName)?.[1];
  return parseThemeMode(value);
}

/**
 * Dark by default (docs/product.md §1). The toggle's choice is kept in a cookie, not localStorage:
 * the server renders the first paint in it, so a light-theme visitor never sees a dark flash.
 */
export function ThemeModeProvider({ initialMode = 'dark', children }: { initialMode?: ThemeMode; children: ReactNode }) {
  const [mode, setMode] = useState<ThemeMode>(initialMode);
  const toggleMode = useCallback(() => {
    setMode((current) => {
      const nextMode = current === 'dark' ? 'light' : 'dark';
      document.cookie = `${themeCookieName}=${nextMode}; Path=/; Max-Age=31536000; SameSite=Lax`;
      return nextMode;
    });
  }, []);
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  const value = useMemo(() => ({ mode, toggleMode }), [mode, toggleMode]);
  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

export function useThemeMode(): ThemeModeState {
  const state = useContext(ThemeModeContext);
  if (!state) throw new Error('useThemeMode needs a ThemeModeProvider');
  return state;
}
