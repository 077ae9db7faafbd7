import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Release } from '../../../../shared/api/catalog.js';
import { releasesPageSize, type ReleaseListFilter } from '../../../../shared/page-queries.js';
import { releaseListQuery } from '../api/catalog-api.js';

/** docs/product.md §9: 10 shown at first, 10 more per reveal. */
const revealStep = 10;
/** docs/product.md §4: loading stops after more than 3 failed pages. */
const maxFailedPages = 3;

interface Reveal {
  key: string;
  visible: number;
}

/**
 * docs/product.md §4 "Releases list": the filter's pages (releaseListQuery), deduplicated by id and
 * revealed ten at a time. A new label, type or term starts again at page 1, because the query and
 * the reveal both belong to that filter.
 */
export function useReleaseList({ label, type, q }: ReleaseListFilter) {
  const queryClient = useQueryClient();
  const options = releaseListQuery({ label, type, q });
  const key = JSON.stringify(options.queryKey);
  const fresh: Reveal = { key, visible: releasesPageSize };
  const [stored, setReveal] = useState<Reveal>(fresh);
  const reveal = stored.key === key ? stored : fresh;
  const query = useInfiniteQuery(options);

  const items: Release[] = [];
  const seen = new Set<string>();
  for (const release of query.data?.pages.flatMap((page) => page.data) ?? []) {
    if (seen.has(release.id)) continue;
    seen.add(release.id);
    items.push(release);
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
    /** Everything loaded so far: the first is the newest release of the list. */
    items,
    isFirstLoad,
    isLoadingMore: isPending && !isFirstLoad,
    error: hasFailed ? query.error : null,
    /** True once the list has been read to its end. */
    isExhausted: !hasMorePages && allShown && !hasFailed,
    isStopped,
    canLoadMore,
    loadMore,
    restart,
    retry,
  };
}

export type ReleaseList = ReturnType<typeof useReleaseList>;
