import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { defaultLabel, findLabel } from '../../../shared/labels.js';
import { publicPages, type PageQuery, type PublicPageId } from '../../../shared/page-queries.js';
import type { PageDataSource } from '../../../shared/page-render.js';
import { isUuid } from '../../../shared/uuid.js';
import { browserQueries, catalogQueries, releaseQuery } from '../../features/catalog/api/catalog-api.js';
import { labelFromParam, labelPath } from '../../lib/current-label.js';

/** What the loaders read data with: the browser's query client, and on the server the services (no HTTP). */
export interface PageContext {
  queryClient: QueryClient;
  pageData?: PageDataSource;
}

/** docs/product.md §2 'Page Not Found', carried by the router so that the server answers 404. */
export function notFound(): never {
  throw data('Page Not Found', { status: 404 });
}

function statusOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
}

/** A page data error as the page's status: the API's 404, and 503 when too busy to read it now (the server then sends Retry-After and keeps no copy). */
function asPageError(error: unknown): never {
  if (statusOf(error) === 404) notFound();
  if (statusOf(error) === 503) throw data('Service Unavailable', { status: 503 });
  throw error;
}

type CatalogQueries = ReturnType<typeof catalogQueries>;

/** The query client's read of one query of the table: the releases and artists lists are infinite queries (their first page is read). */
function fetchOf(queryClient: QueryClient, queries: CatalogQueries, query: PageQuery, isPrefetch: boolean): Promise<unknown> {
  const fetch = <TData, TKey extends QueryKey>(options: FetchQueryOptions<TData, Error, TData, TKey>) =>
    isPrefetch ? queryClient.prefetchQuery(options) : queryClient.fetchQuery(options);
  switch (query.name) {
    case 'release-list': {
      const options = queries[query.name](...query.args);
      return isPrefetch ? queryClient.prefetchInfiniteQuery(options) : queryClient.fetchInfiniteQuery(options);
    }
    case 'artist-list': {
      const options = queries[query.name](...query.args);
      return isPrefetch ? queryClient.prefetchInfiniteQuery(options) : queryClient.fetchInfiniteQuery(options);
    }
    case 'releases':
      return fetch(queries[query.name](...query.args));
    case 'release':
      return fetch(queries[query.name](...query.args));
    case 'top-releases':
      return fetch(queries[query.name](...query.args));
    case 'artist':
      return fetch(queries[query.name](...query.args));
    case 'artist-releases':
      return fetch(queries[query.name](...query.args));
    case 'playlists':
      return fetch(queries[query.name](...query.args));
  }
}

/**
 * On the server: waits for the data, read through the page data source, and turns the API's 404
 * into the page's. In the browser: starts the fetch and lets the page render at once with its own
 * loading and error states, as it did before there were loaders.
 */
async function load({ queryClient, pageData }: PageContext, query: PageQuery): Promise<void> {
  if (!pageData) {
    void fetchOf(queryClient, browserQueries, query, true);
    return;
  }
  try {
    await fetchOf(queryClient, catalogQueries(pageData), query, false);
  } catch (error) {
    asPageError(error);
  }
}

/** A public page's loader: its label must exist; its queries (the table's) are read before it renders. */
function pageLoader(context: PageContext, page: PublicPageId) {
  return async ({ params }: LoaderFunctionArgs) => {
    const label = labelFromParam(params.label) ?? notFound();
    const queries = publicPages[page].queries({ label, id: params.id ?? '', releaseId: params.releaseId ?? '' });
    await Promise.all(queries.map((query) => load(context, query)));
    if (page === 'release' && context.pageData && isUuid(params.releaseId ?? '')) releaseMoved(context, params.releaseId ?? '');
    return null;
  };
}

/** A release's old address (its id) answers a permanent redirect to its slug's (docs/decisions/0101). */
function releaseMoved({ queryClient }: PageContext, id: string): void {
  const release = queryClient.getQueryData(releaseQuery(id).queryKey)?.data;
  const label = release && findLabel(release.label_id);
  if (release && label) throw redirect(`${labelPath(label, 'releases')}/${encodeURIComponent(release.slug)}`, 308);
}

/** The data each public page renders with, read before it renders (route `loader`s of router.tsx). */
export function createPageLoaders(context: PageContext) {
  return {
    home: () => redirect(`/${defaultLabel.short}`),
    notFound: (): null => notFound(),
    /** The loader of a public page of the page query table (src/shared/page-queries.ts). */
    page: (page: PublicPageId) => pageLoader(context, page),
  };
}
