import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  InputAdornment,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TablePagination,
  TableRow,
  TextField,
} from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { RetryAlert } from './retry-alert.js';
import type { PagedSearch } from './use-paged-search.js';

// The server-paged tables of the admin tabs (Releases, Tracks, Artists, Demos, Members): a row of search and
// filters, the table with one row saying why it has no data rows, and the pagination under it.

/** Columns that give way on a phone; the row's first cell repeats what matters of them there. */
export const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } } as const;
export const phoneOnly = { display: { xs: 'block', sm: 'none' } } as const;

/**
 * The search box of a table; at most 200 characters, as the server takes. Demos and Members still
 * ask for `type="text"`: their tests find the box as a textbox rather than a searchbox.
 */
export function TableSearchField({
  label,
  value,
  onChange,
  type = 'search',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'search' | 'text';
}) {
  return (
    <TextField
      label={label}
      type={type}
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ width: { xs: '100%', sm: 360 } }}
      slotProps={{
        htmlInput: { maxLength: 200 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

interface FilterOption {
  value: string;
  label: string;
}

/** A select whose first choice, "All", is the empty value: no filter. */
export function FilterSelect({ label, value, options, onChange }: { label: string; value: string; options: FilterOption[]; onChange: (value: string) => void }) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 160 }}
      // "All" shows in the box rather than an empty field under its label.
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      <MenuItem value="">All</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The page shown for `total` rows: after a deletion empties the last page, the one before it.
 * TablePagination refuses a page out of range, so it gets the page in range at once.
 */
function TablePager({ paging, total }: { paging: PagedSearch; total: number | undefined }) {
  const { page, setPage, rowsPerPage } = paging;
  const lastPage = total === undefined ? page : Math.max(0, Math.ceil(total / rowsPerPage) - 1);
  useEffect(() => {
    if (page > lastPage) setPage(lastPage);
  }, [page, lastPage, setPage]);
  return (
    <TablePagination
      component="div"
      count={total ?? 0}
      page={Math.min(page, lastPage)}
      rowsPerPage={rowsPerPage}
      // A single size shows no choice of size.
      rowsPerPageOptions={paging.pageSizes}
      onPageChange={(_event, next) => setPage(next)}
      onRowsPerPageChange={(event) => paging.setRowsPerPage(Number(event.target.value))}
    />
  );
}

interface AdminTableProps {
  /** The table's name ("Tracks"), also in "Loading tracks…". */
  label: string;
  /** The search box and filters above the table. */
  toolbar: ReactNode;
  /** The table's `<TableHead>`. */
  head: ReactNode;
  columnCount: number;
  query: UseQueryResult<{ data: unknown[]; total: number }>;
  paging: PagedSearch;
  /** What the table says when the page has no rows. */
  emptyText: string;
  /** Wider than a phone, the table keeps this width and scrolls inside its box below it. */
  minWidth?: number;
  /** The rows of the page. */
  children: ReactNode;
}

/** One server-paged admin table; while a page loads, a thin bar runs above the page on screen. */
export function AdminTable({ label, toolbar, head, columnCount, query, paging, emptyText, minWidth, children }: AdminTableProps) {
  const noun = label.toLowerCase();
  let message: ReactNode = null;
  if (query.error) message = <RetryAlert message={query.error.message} onRetry={() => void query.refetch()} />;
  else if (query.isPending) message = `Loading ${noun}…`;
  else if (query.data.data.length === 0) message = emptyText;
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, flexWrap: 'wrap', alignItems: { sm: 'center' } }} useFlexGap>
        {toolbar}
      </Stack>
      <Paper variant="outlined">
        <Box sx={{ height: 4 }}>{query.isFetching && <LinearProgress aria-label={`Loading ${noun}`} />}</Box>
        {/* A table wider than the screen scrolls inside its box; the page itself never scrolls sideways. */}
        {/* Scrolls sideways on a phone: focusable so that the keyboard can scroll it too (WCAG 2.1.1). */}
        <TableContainer tabIndex={0} role="region" aria-label={`${label} table`}>
          <Table size="small" aria-label={label} sx={{ minWidth: { sm: minWidth } }}>
            {head}
            <TableBody>
              {message === null ? (
                children
              ) : (
                <TableRow>
                  <TableCell colSpan={columnCount} align="center" sx={{ py: 6, color: 'text.secondary' }}>
                    {message}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePager paging={paging} total={query.data?.total} />
      </Paper>
    </>
  );
}
