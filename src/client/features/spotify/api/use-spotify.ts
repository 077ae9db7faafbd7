import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { SpotifyProfile } from './spotify-answers.js';
import type { clientConfigResponseSchema } from '../../../../shared/api/client-config.js';
import { apiGet, type Answer } from '../../../lib/api-client.js';
import {
  browserAuthEnv,
  clearSpotifyTokens,
  getValidToken,
  hasSpotifyToken,
  spotifyStorageKeys,
  startSpotifyLogin,
  subscribeToSpotifyToken,
  type SpotifyAuthEnv,
  type SpotifyClientConfig,
} from './spotify-auth.js';

export const spotifyProfileMessages = {
  /** docs/product.md §8: the internal error of the profile call… */
  fetchFailed: 'Failed to fetch user profile',
  /** …and what the listener is shown. */
  checkFailed: 'Failed to check premium status',
} as const;

/** The site's public configuration (`GET /api/config`); it does not change while the page lives. */
export function clientConfigQuery() {
  return queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => apiGet<Answer<typeof clientConfigResponseSchema>>('/config', undefined, signal),
    select: (body) => body.data,
    staleTime: Infinity,
  });
}

export type { SpotifyProfile };

/** docs/product.md §7: `GET me` with the listener's bearer token; `product` tells premium from free. */
export async function fetchSpotifyProfile(config: SpotifyClientConfig, env: SpotifyAuthEnv = browserAuthEnv()): Promise<SpotifyProfile> {
  const token = await getValidToken(config, env);
  if (!token) throw new Error(spotifyProfileMessages.fetchFailed);
  const res = await env
    .fetch(`${config.apiUrl}/me`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } })
    .catch(() => undefined);
  // A token Spotify no longer accepts (revoked access) is of no further use.
  if (res?.status === 401) clearSpotifyTokens(env);
  const { profileSchema } = await import('./spotify-answers.js');
  const parsed = profileSchema.safeParse(res?.ok ? await res.json().catch(() => undefined) : undefined);
  if (!parsed.success) throw new Error(spotifyProfileMessages.fetchFailed);
  return parsed.data;
}

/** The listener's profile query; dropped on disconnect and after a new login. */
export const spotifyProfileKey = ['spotify', 'profile'] as const;

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === spotifyStorageKeys.token) listener();
  };
  window.addEventListener('storage', onStorage);
  const unsubscribe = subscribeToSpotifyToken(listener);
  return () => {
    window.removeEventListener('storage', onStorage);
    unsubscribe();
  };
}

export interface SpotifyConnection {
  /** The site has a Spotify client id: listener login is offered. */
  isAvailable: boolean;
  /** A token is stored (renewed on use when expired). */
  isConnected: boolean;
  /** true premium, false free, undefined while unknown. Premium allows full-track playback. */
  isPremium: boolean | undefined;
  profileError: Error | null;
  /** Sends the browser to Spotify's authorization page. */
  connect(): Promise<void>;
  disconnect(): void;
  /** A valid access token for Spotify calls, or null. */
  getToken(): Promise<string | null>;
}

/** Whether a token is stored; read in a subscription, not while rendering (a server render sees false). */
function useHasSpotifyToken(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hasSpotifyToken(window.localStorage),
    () => false,
  );
}

function spotifyProfileQuery(config: SpotifyClientConfig | undefined, enabled: boolean) {
  return {
    queryKey: spotifyProfileKey,
    queryFn: () => fetchSpotifyProfile(config as SpotifyClientConfig),
    enabled: enabled && Boolean(config?.clientId),
    staleTime: 5 * 60_000,
    retry: 1,
  };
}

/** For the player: true for a connected premium listener; asks nothing of anyone when not connected. */
export function useSpotifyPremium(): boolean {
  const isConnected = useHasSpotifyToken();
  const config = useQuery({ ...clientConfigQuery(), enabled: isConnected }).data?.spotify;
  const profile = useQuery(spotifyProfileQuery(config, isConnected));
  return profile.data?.product === 'premium';
}

export function useSpotify(): SpotifyConnection {
  const queryClient = useQueryClient();
  const config = useQuery(clientConfigQuery()).data?.spotify;
  const isAvailable = Boolean(config?.clientId);
  const isConnected = useHasSpotifyToken();
  const profile = useQuery(spotifyProfileQuery(config, isConnected));

  useEffect(() => {
    if (!isConnected) queryClient.removeQueries({ queryKey: spotifyProfileKey });
  }, [isConnected, queryClient]);

  const connect = useCallback(async () => {
    if (!config?.clientId) throw new Error('Spotify is not configured on this site');
    await startSpotifyLogin(config);
  }, [config]);

  const disconnect = useCallback(() => clearSpotifyTokens(), []);

  const getToken = useCallback(async () => (config ? getValidToken(config) : null), [config]);

  return {
    isAvailable,
    isConnected: isAvailable && isConnected,
    isPremium: profile.data ? profile.data.product === 'premium' : undefined,
    profileError: isConnected ? profile.error : null,
    connect,
    disconnect,
    getToken,
  };
}
