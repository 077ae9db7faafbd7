import type { RouteObject } from 'react-router';
import { AppShell } from './layout/app-shell.js';
import { DocumentTitle } from './seo/document-title.js';
import { NotFoundPage } from '../components/not-found-page.js';
import { createPageLoaders, type PageContext } from './routes/page-loaders.js';
import { RouteError } from './routes/route-error.js';

// docs/product.md §2 route table; every page is its own lazily loaded chunk. Public pages have loaders
// (routes/page-loaders.ts, from the page query table src/shared/page-queries.ts, whose page ids are these
// routes' ids) and ids (the server names their metadata by them, app/seo/page-meta.ts).
const adminTabRoutes: RouteObject[] = [
  { path: 'releases', lazy: async () => ({ Component: (await import('../features/admin/releases/admin-releases-tab.js')).AdminReleasesTab }) },
  { path: 'playlists', lazy: async () => ({ Component: (await import('../features/admin/playlists/admin-playlists-tab.js')).AdminPlaylistsTab }) },
  { path: 'tracks', lazy: async () => ({ Component: (await import('../features/admin/tracks/admin-tracks-tab.js')).AdminTracksTab }) },
  { path: 'artists', lazy: async () => ({ Component: (await import('../features/admin/artists/admin-artists-tab.js')).AdminArtistsTab }) },
  { path: 'labels', lazy: async () => ({ Component: (await import('../features/admin/labels/admin-labels-tab.js')).AdminLabelsTab }) },
  { path: 'site/:section?', lazy: async () => ({ Component: (await import('./admin-site-tab.js')).AdminSiteTabWithPreviews }) },
  { path: 'settings', lazy: async () => ({ Component: (await import('../features/admin/settings/admin-settings-tab.js')).AdminSettingsTab }) },
  { path: 'demos', lazy: async () => ({ Component: (await import('../features/admin/demos/admin-demos-tab.js')).AdminDemosTab }) },
  { path: 'members', lazy: async () => ({ Component: (await import('../features/admin/members/admin-members-tab.js')).AdminMembersTab }) },
  { path: 'newsletter', lazy: async () => ({ Component: (await import('../features/admin/newsletter/admin-newsletter-tab.js')).AdminNewsletterTab }) },
  { path: 'outbox', lazy: async () => ({ Component: (await import('../features/admin/outbox/admin-outbox-tab.js')).AdminOutboxTab }) },
  { path: 'staff', lazy: async () => ({ Component: (await import('../features/admin/staff/admin-staff-tab.js')).AdminStaffTab }) },
];

/** The same routes for the server entry and the browser; `context` says where loaders read data. */
export function createRoutes(context: PageContext): RouteObject[] {
  const loaders = createPageLoaders(context);
  return [
    { path: '/', loader: loaders.home },
    // The admin area is outside the shell: no top bar, logo or drawer under /admin (docs/product.md §2).
    {
      path: '/admin/login',
      lazy: async () => ({
        Component: (await import('../features/admin/shell/admin-login-redirect.js')).AdminLoginRedirect,
      }),
    },
    // An invitee has no session yet: the invitation page is outside the guard (docs/decisions/0098).
    {
      path: '/admin/invite/:token',
      errorElement: <RouteError />,
      lazy: async () => ({ Component: (await import('../features/admin/shell/invitation-page.js')).InvitationPage }),
    },
    {
      path: '/admin',
      errorElement: <RouteError />,
      lazy: async () => ({ Component: (await import('../features/admin/shell/admin-guard.js')).AdminGuard }),
      children: [
        {
          lazy: async () => ({ Component: (await import('../features/admin/shell/admin-dashboard.js')).AdminDashboard }),
          children: [
            {
              index: true,
              lazy: async () => ({ Component: (await import('../features/admin/overview/admin-overview.js')).AdminOverview }),
            },
            ...adminTabRoutes,
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
    {
      element: (
        <>
          <AppShell />
          <DocumentTitle />
        </>
      ),
      errorElement: <RouteError />,
      children: [
        // Inside the shell: a page's error (an unknown release's 404) keeps the top bar and drawer.
        {
          errorElement: <RouteError />,
          children: [
            {
              id: 'landing',
              path: ':label',
              loader: loaders.page('landing'),
              lazy: async () => ({ Component: (await import('../features/catalog/landing/landing-page.js')).LandingPage }),
            },
            {
              id: 'artists',
              path: ':label/artists',
              loader: loaders.page('artists'),
              lazy: async () => ({ Component: (await import('../features/catalog/artists/artists-page.js')).ArtistsPage }),
            },
            {
              id: 'artist',
              path: ':label/artists/:id',
              loader: loaders.page('artist'),
              lazy: async () => ({
                Component: (await import('../features/catalog/artists/artist-detail-page.js')).ArtistDetailPage,
              }),
            },
            {
              id: 'releases',
              path: ':label/releases',
              loader: loaders.page('releases'),
              lazy: async () => ({ Component: (await import('../features/catalog/releases/releases-page.js')).ReleasesPage }),
              // /{label}/releases/{id}: the same page with that release's modal open (a shareable link).
              // The page draws the modal itself: the child routes render nothing of their own.
              children: [
                { index: true, element: null },
                {
                  id: 'release',
                  path: ':releaseId',
                  loader: loaders.page('release'),
                  element: null,
                  // The page draws this release's modal open: its code is there before rendering (and hydrating).
                  lazy: async () => {
                    await (await import('../features/catalog/components/detail-modals.js')).ReleaseDetailModal.preload();
                    return {};
                  },
                },
              ],
            },
            {
              id: 'playlists',
              path: ':label/playlists',
              loader: loaders.page('playlists'),
              lazy: async () => ({
                Component: (await import('../features/catalog/playlists/playlists-page.js')).PlaylistsPage,
              }),
            },
            {
              id: 'submit',
              path: ':label/submit',
              loader: loaders.page('submit'),
              lazy: async () => ({ Component: (await import('../features/demos/components/submit-page.js')).SubmitPage }),
            },
            {
              id: 'login',
              path: 'login',
              lazy: async () => ({ Component: (await import('../features/admin/shell/login-page.js')).LoginPage }),
            },
            { id: 'vip', path: 'vip', lazy: async () => ({ Component: (await import('../features/vip/components/vip-page.js')).VipPage }) },
            // Paying with Stripe and the member's own page (docs/decisions/0062, 0063): never indexed.
            {
              id: 'vip-welcome',
              path: 'vip/welcome',
              lazy: async () => ({ Component: (await import('../features/vip/components/vip-welcome-page.js')).VipWelcomePage }),
            },
            {
              id: 'vip-account',
              path: 'vip/account',
              lazy: async () => ({ Component: (await import('../features/vip/components/vip-account-page.js')).VipAccountPage }),
            },
            {
              id: 'vip-sign-in',
              path: 'vip/account/sign-in/:token',
              lazy: async () => ({ Component: (await import('../features/vip/components/vip-sign-in-page.js')).VipSignInPage }),
            },
            {
              id: 'legal',
              path: 'legal',
              lazy: async () => ({ Component: (await import('../features/legal/components/legal-page.js')).LegalPage }),
            },
            // The buyer's pages (features/shop, issue 36): an order's by the secret link of its receipt, never indexed; redeeming a code.
            {
              id: 'order',
              path: 'orders/:token',
              lazy: async () => ({ Component: (await import('../features/shop/components/order-page.js')).OrderPage }),
            },
            {
              id: 'redeem',
              path: 'redeem',
              lazy: async () => ({ Component: (await import('../features/shop/components/redeem-page.js')).RedeemPage }),
            },
            // Pages behind emailed links (features/email): their addresses are secrets, never indexed.
            {
              id: 'demo-status',
              path: 'demo-status/:token',
              lazy: async () => ({ Component: (await import('../features/email/components/demo-status-page.js')).DemoStatusPage }),
            },
            {
              id: 'unsubscribe',
              path: 'unsubscribe/:token',
              lazy: async () => ({ Component: (await import('../features/email/components/unsubscribe-page.js')).UnsubscribePage }),
            },
            {
              id: 'vip-waiting-list',
              path: 'vip/waiting-list/:token',
              lazy: async () => ({ Component: (await import('../features/email/components/waiting-list-page.js')).WaitingListPage }),
            },
            {
              id: 'notify',
              path: 'notify/:token',
              lazy: async () => ({ Component: (await import('../features/email/components/release-alert-page.js')).ReleaseAlertPage }),
            },
            {
              path: 'spotify-callback',
              lazy: async () => ({
                Component: (await import('../features/spotify/components/spotify-callback-page.js')).SpotifyCallbackPage,
              }),
            },
            // Its loader's 404 is drawn by RouteError: the route renders nothing of its own.
            { id: 'not-found', path: '*', loader: loaders.notFound, element: null },
          ],
        },
      ],
    },
  ];
}
