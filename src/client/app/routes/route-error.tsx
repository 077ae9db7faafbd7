import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { ErrorScreen } from '../../components/error-boundary.js';
import { NotFoundPage } from '../../components/not-found-page.js';

function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message);
}

/**
 * A route that failed to render. An unknown page, release or artist (a loader's 404) is 'Page Not
 * Found'. A page chunk that no longer exists (the site was updated while it was open) falls back
 * to a full page load of the target path (docs/product.md §4).
 */
export function RouteError() {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const reload = isChunkLoadError(error);
  useEffect(() => {
    if (reload) window.location.assign(`${pathname}${search}`);
  }, [reload, pathname, search]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (reload) return null;
  return <ErrorScreen error={error} onReset={() => window.location.assign(`${pathname}${search}`)} />;
}
