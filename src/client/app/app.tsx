import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { CatalogOverview } from '../features/catalog/components/catalog-overview.js';
import { createAppTheme } from './theme.js';

export function App() {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 5 * 60_000 } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={createAppTheme('dark')}>
        <CssBaseline />
        <CatalogOverview />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
