import SearchIcon from '@mui/icons-material/Search';
import { Alert, Button, CircularProgress, InputAdornment, MenuItem, TableCell, TableRow, TextField } from '@mui/material';
import { useState, type ReactNode } from 'react';

// The pieces the Demos and Members tabs share: filter selects, a search box, paging that restarts
// when a filter changes, and the loading / error / empty row of a table.

export const inboxPageSize = 20;

/** Columns that give way on a phone; the row's first cell repeats what matters of them there. */
export const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } } as const;
export const phoneOnly = { display: { xs: 'block', sm: 'none' } } as const;

export interface FilterOption {
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

export function SearchField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={`${label}...`}
      sx={{ width: { xs: '100%', sm: 360 } }}
      slotProps={{
        htmlInput: { 'aria-label': label, maxLength: 200 },
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

/** The page of a list (from 0); back to the first page whenever `filterKey` changes. */
export function usePage(filterKey: string): [number, (page: number) => void] {
  const [state, setState] = useState({ filterKey, page: 0 });
  const page = state.filterKey === filterKey ? state.page : 0;
  return [page, (next) => setState({ filterKey, page: next })];
}

/** The one row a table shows while it loads, when it failed (with Retry) or when it is empty. */
export function TableStateRow({
  colSpan,
  isLoading,
  error,
  onRetry,
  emptyText,
}: {
  colSpan: number;
  isLoading: boolean;
  error: Error | null;
  onRetry: () => void;
  emptyText: string;
}) {
  let content: ReactNode = emptyText;
  if (isLoading) content = <CircularProgress size={24} aria-label="Loading" />;
  else if (error)
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        }
      >
        {error.message}
      </Alert>
    );
  return (
    <TableRow>
      <TableCell colSpan={colSpan} align="center" sx={{ py: 4, color: 'text.secondary' }}>
        {content}
      </TableCell>
    </TableRow>
  );
}
