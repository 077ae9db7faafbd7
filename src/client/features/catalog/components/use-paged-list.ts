import { useInfiniteQuery, useQueryClient, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions } from '@tanstack/react-query';
import { useState } from 'react';

/** docs/product.md §9: 10 shown at first, 10 more per reveal. */
const revealStep = 10;
/** docs/product.md §4: loading stops after more than 3 failed pages. */
const maxFailedPages = 3;

interface Reveal {
  key: string;
  visible: number;
}

/** One page of a list the API reads by offset. */
interface ListPage {
  data: { id: string }[];
}

/** The options of a list query of the catalog API (`release-list`, `artist-list`): pages by offset. */
type PagedListOptions<TPage extends ListPage, TKey extends QueryKey> = UseInfiniteQueryOptions<TPage, Error, InfiniteData<TPage>, TKey, number>;

/**
 * docs/product.md §4.3–4.4: a list's pages (the release and artist lists), deduplicated by id and
 * revealed ten at a time. A new filter or search term starts again at page 1, because the query and
 * the reveal both belong to that filter.
 */
export function usePagedList<TPage extends ListPage, TKey extends QueryKey>(options: PagedListOptions<TPage, TKey>) {
  type T = TPage['data'][number];
  const queryClient = useQueryClient();
  const key = JSON.stringify(options.queryKey);
  const fresh: Reveal = { key, visible: revealStep };
  const [stored, setReveal] = useState<Reveal>(fresh);
  const reveal = stored.key === key ? stored : fresh;
  const query = useInfiniteQuery(options);

  const items: T[] = [];
  const seen = new Set<string>();
  for (const item of query.data?.pages.flatMap((page) => page.data) ?? []) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    items.push(item);
  }
  const hasFailed = query.isError && !query.isFetching;
  const isPending = !hasFailed && (query.data === undefined || query.isFetchingNextPage);
  const hasMorePages = query.data === undefined || query.hasNextPage;
  const isStopped = query.errorUpdateCount > maxFailedPages;
  const isFirstLoad = items.length === 0 && isPending;
  const allShown = reveal.visible >= items.length;
  const canLoadMore = !isPending && !isStopped && !hasFailed && (!allShown || hasMorePages);

  /** Shows ten more; once everything loaded is shown, fetches the next page. */
  function loadMore() {
    if (!canLoadMore) return;
    if (!allShown) {
      setReveal({ key, visible: reveal.visible + revealStep });
      return;
    }
    setReveal({ key, visible: Math.max(reveal.visible, items.length + revealStep) });
    void query.fetchNextPage();
  }

  /** Starts the list again at page 1 with fresh data (and a fresh count of failures). */
  function restart() {
    setReveal(fresh);
    return queryClient.resetQueries({ queryKey: options.queryKey });
  }

  /**
   * The error's Try Again (Show More hides while an error shows): the failed page once more, keeping
   * what is shown; a failed first page, or a list stopped after too many failures, starts again.
   */
  function retry() {
    if (query.data === undefined || isStopped) return restart();
    return query.fetchNextPage();
  }

  return {
    /** What the grid shows. */
    visibleItems: items.slice(0, reveal.visible),
    /** Everything loaded so far, in the list's order. */
    items,
    isFirstLoad,
    isLoadingMore: isPending && !isFirstLoad,
    /** The pages already read are being read again (`refresh`), still shown meanwhile. */
    isRefreshing: query.isRefetching && !query.isFetchingNextPage,
    error: hasFailed ? query.error : null,
    /** True once the list has been read to its end. */
    isExhausted: !hasMorePages && allShown && !hasFailed,
    isStopped,
    canLoadMore,
    loadMore,
    /** Reads the pages already read again, keeping them shown meanwhile. */
    refresh: () => query.refetch(),
    restart,
    retry,
  };
}

export type PagedList<T extends { id: string }> = ReturnType<typeof usePagedList<{ data: T[] }, QueryKey>>;
