import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { PlayButtonProvider } from '../lib/play-button-slot.js';
import { PlayButton } from '../features/player/components/play-button.js';
import { PlayerProvider } from '../features/player/state/player.js';
import { useSpotifyPremium } from '../features/spotify/api/use-spotify.js';
import { ThemeModeProvider } from './theme-mode.js';

/** The player plays full tracks for Spotify Premium listeners; the catalog's Play buttons are the player's. */
function Player({ children }: { children: ReactNode }) {
  const isPremium = useSpotifyPremium();
  return (
    <PlayerProvider isPremium={isPremium}>
      <PlayButtonProvider value={PlayButton}>{children}</PlayButtonProvider>
    </PlayerProvider>
  );
}

/** The one provider tree, used by the app and by component tests (tests/helpers/render.tsx). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeModeProvider>
        {/* docs/product.md §4: at most 3 notifications stacked (notistack's defaults otherwise). */}
        <SnackbarProvider maxSnack={3}>
          <Player>{children}</Player>
        </SnackbarProvider>
      </ThemeModeProvider>
    </QueryClientProvider>
  );
}
