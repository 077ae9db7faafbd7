import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';

export const rowsPerPageOptions = [10, 25, 50, 100];

/** Page, page size and search of a server-paged admin table; the search waits 300 ms (SPEC §9). */
export function usePagedSearch() {
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPageCount] = useState(25);
  const q = useDebouncedValue(search, 300);
  return {
    search,
    /** A new search starts again on the first page. */
    setSearch: (value: string) => {
      setSearchText(value);
      setPage(0);
    },
    page,
    setPage,
    rowsPerPage,
    setRowsPerPage: (value: number) => {
      setRowsPerPageCount(value);
      setPage(0);
    },
    params: { offset: page * rowsPerPage, limit: rowsPerPage, q },
  };
}

/**
 * The page to show for `total` rows: after a deletion empties the last page, the one before it.
 * Returns the page in range at once (TablePagination refuses one out of range) and moves there.
 */
export function usePageInRange(table: ReturnType<typeof usePagedSearch>, total: number | undefined): number {
  const lastPage = total === undefined ? table.page : Math.max(0, Math.ceil(total / table.rowsPerPage) - 1);
  const { page, setPage } = table;
  useEffect(() => {
    if (page > lastPage) setPage(lastPage);
  }, [page, lastPage, setPage]);
  return Math.min(page, lastPage);
}
