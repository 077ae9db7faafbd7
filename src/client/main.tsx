import type { DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { App } from './app/app.js';
import { createEmotionCache } from './app/emotion-cache.js';
import { createBrowserQueryClient } from './app/query-client.js';
import { createRoutes } from './app/router.js';
import { readThemeCookie } from './app/theme-mode.js';
import type { SiteSettings } from '../shared/api/settings.js';
import { siteSettingsElementId } from '../shared/page-render.js';
import { applySiteSettings } from '../shared/site-settings.js';

/** The lazy routes of this URL, loaded before hydrating: the server rendered them, so must the first render. */
async function loadMatchedRoutes(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

const root = document.getElementById('root') as HTMLElement;
const stateElement = document.getElementById('query-state');
const dehydratedState = stateElement ? (JSON.parse(stateElement.textContent ?? '{}') as DehydratedState) : undefined;
const settingsElement = document.getElementById(siteSettingsElementId);
// The settings the server drew the page with (docs/decisions/0097), before anything renders.
if (settingsElement) applySiteSettings(JSON.parse(settingsElement.textContent ?? '{}') as SiteSettings);
const queryClient = createBrowserQueryClient();
const routes = createRoutes({ queryClient });
await loadMatchedRoutes(routes);
// createBrowserRouter reads the loader data the server wrote (window.__staticRouterHydrationData).
const router = createBrowserRouter(routes);
const app = (
  <StrictMode>
    <App queryClient={queryClient} emotionCache={createEmotionCache()} themeMode={readThemeCookie(document.cookie)} dehydratedState={dehydratedState}>
      <RouterProvider router={router} />
    </App>
  </StrictMode>
);
// Public pages come rendered by the server; the admin area is rendered here alone. Hydrating in a
// transition lets React yield to the browser between parts of the page: no long task on a phone.
if (root.hasChildNodes()) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
