import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { defaultLabel } from '../../shared/labels.js';
import { AppShell } from './layout/app-shell.js';
import { NotFoundPage } from '../components/not-found-page.js';
import { RouteError } from './routes/route-error.js';

// docs/product.md §2 route table; every page is its own lazily loaded chunk.
const adminTabRoutes: RouteObject[] = [
  { path: 'tracks', lazy: async () => ({ Component: (await import('../features/admin/components/admin-tracks-tab.js')).AdminTracksTab }) },
  { path: 'artists', lazy: async () => ({ Component: (await import('../features/admin/components/admin-artists-tab.js')).AdminArtistsTab }) },
  { path: 'labels', lazy: async () => ({ Component: (await import('../features/admin/components/admin-labels-tab.js')).AdminLabelsTab }) },
  { path: 'settings', lazy: async () => ({ Component: (await import('../features/admin/components/admin-settings-tab.js')).AdminSettingsTab }) },
  { path: 'demos', lazy: async () => ({ Component: (await import('../features/admin/components/admin-demos-tab.js')).AdminDemosTab }) },
  { path: 'members', lazy: async () => ({ Component: (await import('../features/admin/components/admin-members-tab.js')).AdminMembersTab }) },
];

export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to={`/${defaultLabel.short}`} replace /> },
  // The admin area is outside the shell: no top bar, logo or drawer under /admin (docs/product.md §2).
  {
    path: '/admin/login',
    lazy: async () => ({
      Component: (await import('../features/admin/components/admin-login-redirect.js')).AdminLoginRedirect,
    }),
  },
  {
    path: '/admin',
    errorElement: <RouteError />,
    lazy: async () => ({ Component: (await import('../features/admin/components/admin-guard.js')).AdminGuard }),
    children: [
      {
        lazy: async () => ({ Component: (await import('../features/admin/components/admin-dashboard.js')).AdminDashboard }),
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('../features/admin/components/admin-overview.js')).AdminOverview }),
          },
          ...adminTabRoutes,
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      {
        path: ':label',
        lazy: async () => ({ Component: (await import('../features/catalog/landing/landing-page.js')).LandingPage }),
      },
      {
        path: ':label/artists',
        lazy: async () => ({ Component: (await import('../features/catalog/artists/artists-page.js')).ArtistsPage }),
      },
      {
        path: ':label/artists/:id',
        lazy: async () => ({
          Component: (await import('../features/catalog/artists/artist-detail-page.js')).ArtistDetailPage,
        }),
      },
      {
        path: ':label/releases',
        lazy: async () => ({ Component: (await import('../features/catalog/releases/releases-page.js')).ReleasesPage }),
      },
      {
        path: ':label/playlists',
        lazy: async () => ({
          Component: (await import('../features/catalog/playlists/playlists-page.js')).PlaylistsPage,
        }),
      },
      {
        path: ':label/submit',
        lazy: async () => ({ Component: (await import('../features/demos/components/submit-page.js')).SubmitPage }),
      },
      {
        path: 'login',
        lazy: async () => ({ Component: (await import('../features/admin/components/login-page.js')).LoginPage }),
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
