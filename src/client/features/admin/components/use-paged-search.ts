import { useCallback, useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';

/** The page sizes a reader picks from when a table does not fix one; 25 is the server's default. */
const pageSizeChoices = [10, 25, 50, 100];
const firstPageSize = 25;

export interface PagedSearch {
  /** The search as typed. */
  search: string;
  setSearch: (search: string) => void;
  /** The search sent, once typing has paused 300 ms (docs/product.md §9), trimmed; undefined when blank. */
  q: string | undefined;
  /** From 0. */
  page: number;
  setPage: (page: number) => void;
  rowsPerPage: number;
  setRowsPerPage: (rowsPerPage: number) => void;
  pageSizes: number[];
  /** The list request's paging and search. */
  params: { offset: number; limit: number; q: string | undefined };
}

/**
 * Search, page and page size of a server-paged admin table. Any change of the search, the page size
 * or one of `filters` (sort, status, ...) goes back to the first page: the old page number means
 * nothing in another list. A fixed `pageSize` leaves the reader no choice of size.
 */
export function usePagedSearch({ filters = [], pageSize }: { filters?: unknown[]; pageSize?: number } = {}): PagedSearch {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300) || undefined;
  const [rowsPerPage, setRowsPerPage] = useState(pageSize ?? firstPageSize);
  // The page remembers the list it belongs to, so that it reads as 0 in the render where the list changes.
  const list = JSON.stringify([q, rowsPerPage, ...filters]);
  const [paged, setPaged] = useState({ list, page: 0 });
  const page = paged.list === list ? paged.page : 0;
  const setPage = useCallback((next: number) => setPaged({ list, page: next }), [list]);
  return {
    search,
    setSearch,
    q,
    page,
    setPage,
    rowsPerPage,
    setRowsPerPage,
    pageSizes: pageSize === undefined ? pageSizeChoices : [pageSize],
    params: { offset: page * rowsPerPage, limit: rowsPerPage, q },
  };
}
