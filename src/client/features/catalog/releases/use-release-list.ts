import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Release } from '../../../../shared/api/catalog.js';
import type { ReleaseType } from '../../../../shared/domain/release-type.js';
import { releasesQuery } from '../api/catalog-api.js';

/** docs/product.md §9: pages of 10, 10 shown at first, 10 more per reveal. */
export const releasesPageSize = 10;
const revealStep = 10;
/** docs/product.md §4: loading stops after more than 3 failed pages. */
const maxFailedPages = 3;

export interface ReleaseListFilter {
  label: string;
  type?: ReleaseType;
  /** The search term the server matches (docs/product.md §5); undefined means no filter. */
  q?: string;
}

interface Paging {
  key: string;
  pageCount: number;
  visible: number;
}

/**
 * docs/product.md §4 "Releases list": one query per page (the shared releasesQuery options, so a server can
 * prefetch page 1), deduplicated by id, revealed ten at a time. A new label, type or term starts
 * again at page 1 because the paging state belongs to that filter.
 */
export function useReleaseList(filter: ReleaseListFilter) {
  const queryClient = useQueryClient();
  const listKey = { label: filter.label, type: filter.type, q: filter.q };
  const key = JSON.stringify([filter.label, filter.type ?? null, filter.q ?? null]);
  const fresh: Paging = { key, pageCount: 1, visible: releasesPageSize };
  const [stored, setPaging] = useState<Paging>(fresh);
  const paging = stored.key === key ? stored : fresh;

  const pages = useQueries({
    queries: Array.from({ length: paging.pageCount }, (_, index) =>
      releasesQuery({ ...listKey, offset: index * releasesPageSize, limit: releasesPageSize }),
    ),
  });

  const items: Release[] = [];
  const seen = new Set<string>();
  let hasMorePages = true;
  let isPending = false;
  let failedPage: (typeof pages)[number] | undefined;
  for (const page of pages) {
    const data = page.data?.data;
    if (!data) {
      if (page.isError && !page.isFetching) failedPage = page;
      else isPending = true;
      break;
    }
    const unseen = data.filter((release) => !seen.has(release.id));
    for (const release of unseen) {
      seen.add(release.id);
      items.push(release);
    }
    // A short page, or one that brought nothing new, is the end of the list.
    if (data.length < releasesPageSize || unseen.length === 0) {
      hasMorePages = false;
      break;
    }
  }
  const failedPages = pages.reduce((sum, page) => sum + page.errorUpdateCount, 0);
  const isStopped = failedPages > maxFailedPages;
  const isFirstLoad = items.length === 0 && isPending;
  const allShown = paging.visible >= items.length;
  const canLoadMore = !isPending && !isStopped && (!allShown || hasMorePages);

  /** Shows ten more; once everything loaded is shown, fetches the next page (or retries a failed one). */
  function loadMore() {
    if (!canLoadMore) return;
    if (!allShown) {
      setPaging({ ...paging, visible: paging.visible + revealStep });
      return;
    }
    if (failedPage) {
      void failedPage.refetch();
      return;
    }
    setPaging({ ...paging, pageCount: paging.pageCount + 1, visible: Math.max(paging.visible, items.length + revealStep) });
  }

  /** Starts the list again at page 1 with fresh data (and a fresh count of failures). */
  function restart() {
    setPaging(fresh);
    // releasesQuery keys are ['releases', { label, type, q, offset, limit }]: this matches every page of this list.
    return queryClient.resetQueries({ queryKey: ['releases', listKey] });
  }

  return {
    /** What the grid shows. */
    visibleItems: items.slice(0, paging.visible),
    /** Everything loaded so far: the first is the newest release of the list. */
    items,
    isFirstLoad,
    isLoadingMore: isPending && !isFirstLoad,
    error: failedPage?.error ?? null,
    /** True once the list has been read to its end. */
    isExhausted: !hasMorePages && allShown && !failedPage,
    isStopped,
    canLoadMore,
    loadMore,
    restart,
  };
}

export type ReleaseList = ReturnType<typeof useReleaseList>;
