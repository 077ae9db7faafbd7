import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { clientConfigQuery } from '../api/use-spotify.js';

// The button (with its menu) loads only on a site that offers Spotify (docs/decisions/0023).
const SpotifyConnectButton = lazy(async () => ({ default: (await import('./spotify-connect-button.js')).SpotifyConnectButton }));

/** "Connect Spotify" in the top bar where the site has a Spotify client id; nothing otherwise. */
export function SpotifyConnect() {
  const isAvailable = Boolean(useQuery(clientConfigQuery()).data?.spotify.clientId);
  return isAvailable ? (
    <Suspense fallback={null}>
      <SpotifyConnectButton />
    </Suspense>
  ) : null;
}
