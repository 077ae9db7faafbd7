import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { defaultLabel } from '../../shared/labels.js';
import { AppShell } from './layout/app-shell.js';
import { NotFoundPage } from '../components/not-found-page.js';
import { RouteError } from './routes/route-error.js';

// SPEC §2 route table; every page is its own lazily loaded chunk.
export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to={`/${defaultLabel.short}`} replace /> },
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      {
        path: ':label',
        lazy: async () => ({ Component: (await import('../features/landing/components/landing-page.js')).LandingPage }),
      },
      {
        path: ':label/artists',
        lazy: async () => ({ Component: (await import('../features/artists/components/artists-page.js')).ArtistsPage }),
      },
      {
        path: ':label/artists/:id',
        lazy: async () => ({
          Component: (await import('../features/artists/components/artist-detail-page.js')).ArtistDetailPage,
        }),
      },
      {
        path: ':label/releases',
        lazy: async () => ({ Component: (await import('../features/releases/components/releases-page.js')).ReleasesPage }),
      },
      {
        path: ':label/playlists',
        lazy: async () => ({
          Component: (await import('../features/playlists/components/playlists-page.js')).PlaylistsPage,
        }),
      },
      {
        path: ':label/submit',
        lazy: async () => ({ Component: (await import('../features/demos/components/submit-page.js')).SubmitPage }),
      },
      { path: 'vip', lazy: async () => ({ Component: (await import('../features/vip/components/vip-page.js')).VipPage }) },
      {
        path: 'legal',
        lazy: async () => ({ Component: (await import('../features/legal/components/legal-page.js')).LegalPage }),
      },
      {
        path: 'spotify-callback',
        lazy: async () => ({
          Component: (await import('../features/spotify/components/spotify-callback-page.js')).SpotifyCallbackPage,
        }),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Created in one place, so that a server entry can create its own (static) router from `routes`. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
