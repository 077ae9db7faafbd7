import { CssBaseline, ThemeProvider } from '@mui/material';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createAppTheme, type ThemeMode } from './theme.js';

const storageKey = 'theme';

interface ThemeModeState {
  mode: ThemeMode;
  toggleMode(): void;
}

const ThemeModeContext = createContext<ThemeModeState | null>(null);

/** Dark by default (docs/product.md §1); the toggle's choice persists in localStorage, read after the first render. */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ThemeMode>('dark');
  useEffect(() => {
    const stored = localStorage.getItem(storageKey);
    if (stored === 'light' || stored === 'dark') setMode(stored);
  }, []);
  const toggleMode = useCallback(() => {
    setMode((current) => {
      const nextMode = current === 'dark' ? 'light' : 'dark';
      localStorage.setItem(storageKey, nextMode);
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
