import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { defaultLabel } from '../../../shared/labels.js';
import type { PageDataSource } from '../../../shared/page-render.js';
import type { LabelConfig } from '../../../shared/site-config.js';
import {
  artistQuery,
  artistReleasesQuery,
  artistReleasesShown,
  labelArtistsQuery,
  playlistsQuery,
  releaseListQuery,
  releaseQuery,
  releasesPageSize,
  releasesQuery,
  topReleasesQuery,
  type ReleaseListFilter,
} from '../../features/catalog/api/catalog-api.js';
import { labelFromParam } from '../../lib/current-label.js';

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

/**
 * On the server: waits for the data, read through the page data source, and turns the API's 404
 * into the page's. In the browser: starts the fetch and lets the page render at once with its own
 * loading and error states, as it did before there were loaders.
 */
async function load<TQueryFnData, TData, TKey extends QueryKey>(
  context: PageContext,
  options: FetchQueryOptions<TQueryFnData, Error, TData, TKey>,
): Promise<void> {
  const { queryClient, pageData } = context;
  if (!pageData) {
    void queryClient.prefetchQuery(options);
    return;
  }
  try {
    await queryClient.fetchQuery({ ...options, queryFn: () => pageData(options.queryKey) as Promise<TQueryFnData> });
  } catch (error) {
    asPageError(error);
  }
}

/** {@link load} for the releases list: its first page, as the page's infinite query holds it. */
async function loadReleaseList(context: PageContext, filter: ReleaseListFilter): Promise<void> {
  const { queryClient, pageData } = context;
  const options = releaseListQuery(filter);
  if (!pageData) {
    void queryClient.prefetchInfiniteQuery(options);
    return;
  }
  await queryClient
    .fetchInfiniteQuery({
      ...options,
      queryFn: ({ pageParam }) => {
        const page = releasesQuery({ ...filter, offset: pageParam, limit: releasesPageSize });
        return pageData(page.queryKey) as ReturnType<NonNullable<typeof page.queryFn>>;
      },
    })
    .catch(asPageError);
}

function labelOf({ params }: LoaderFunctionArgs): LabelConfig {
  return labelFromParam(params.label) ?? notFound();
}

/** The data each public page renders with, read before it renders (route `loader`s of router.tsx). */
export function createPageLoaders(context: PageContext) {
  return {
    home: () => redirect(`/${defaultLabel.short}`),
    notFound: (): null => notFound(),
    label: (args: LoaderFunctionArgs) => (labelOf(args), null),
    landing: async (args: LoaderFunctionArgs) => {
      const label = labelOf(args);
      await Promise.all([
        load(context, releasesQuery({ label: label.id, offset: 0, limit: 8 })),
        label.id === defaultLabel.id ? undefined : load(context, labelArtistsQuery(label.id)),
      ]);
      return null;
    },
    artists: async (args: LoaderFunctionArgs) => {
      await load(context, labelArtistsQuery(labelOf(args).id));
      return null;
    },
    artist: async (args: LoaderFunctionArgs) => {
      labelOf(args);
      const id = args.params.id ?? '';
      await Promise.all([load(context, artistQuery(id)), load(context, artistReleasesQuery(id, artistReleasesShown))]);
      return null;
    },
    releases: async (args: LoaderFunctionArgs) => {
      const label = labelOf(args);
      await Promise.all([
        loadReleaseList(context, { label: label.id }),
        load(context, topReleasesQuery(label.id)),
      ]);
      return null;
    },
    release: async (args: LoaderFunctionArgs) => {
      labelOf(args);
      await load(context, releaseQuery(args.params.releaseId ?? ''));
      return null;
    },
    playlists: async (args: LoaderFunctionArgs) => {
      await load(context, playlistsQuery(labelOf(args).id));
      return null;
    },
  };
}
