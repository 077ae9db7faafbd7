import { CacheProvider, type EmotionCache } from '@emotion/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ThemeMode } from '../../shared/page-render.js';
import { Notifications } from '../lib/notifications-outlet.js';
import { MemberPerksProvider, type MemberPerks } from '../lib/member-perks-slot.js';
import { PlayButtonProvider } from '../lib/play-button-slot.js';
import { ShopProvider } from '../lib/shop-slot.js';
import { PlayButton } from '../features/player/components/play-button.js';
import { PlayerProvider } from '../features/player/state/player.js';
import { useSpotifyPremium } from '../features/spotify/api/use-spotify.js';
import { BuyButton } from '../features/shop/components/buy-button.js';
import { EarlyListenButton, MemberDownloadButton } from '../features/vip/components/member-perk-buttons.js';
import { ThemeModeProvider } from './theme-mode.js';

/** The catalog's VIP perks are the VIP feature's buttons (docs/decisions/0066); its Buy button is the shop's (issue 36). */
const memberPerks: MemberPerks = { MemberDownload: MemberDownloadButton, EarlyListen: EarlyListenButton };

/** The player plays full tracks for Spotify Premium listeners; the catalog's Play buttons are the player's. */
function Player({ children }: { children: ReactNode }) {
  const isPremium = useSpotifyPremium();
  return (
    <PlayerProvider isPremium={isPremium}>
      <PlayButtonProvider value={PlayButton}>
        <MemberPerksProvider value={memberPerks}>
          <ShopProvider value={BuyButton}>{children}</ShopProvider>
        </MemberPerksProvider>
      </PlayButtonProvider>
    </PlayerProvider>
  );
}

export interface AppProvidersProps {
  queryClient: QueryClient;
  /** The server entry and the browser each make one (createEmotionCache); tests use emotion's default. */
  emotionCache?: EmotionCache;
  themeMode?: ThemeMode;
  children: ReactNode;
}

/** The one provider tree: the server entry, the browser entry and component tests (tests/helpers/render.tsx). */
export function AppProviders({ queryClient, emotionCache, themeMode, children }: AppProvidersProps) {
  const tree = (
    <QueryClientProvider client={queryClient}>
      <ThemeModeProvider initialMode={themeMode}>
        <Player>{children}</Player>
        <Notifications />
      </ThemeModeProvider>
    </QueryClientProvider>
  );
  return emotionCache ? <CacheProvider value={emotionCache}>{tree}</CacheProvider> : tree;
}
