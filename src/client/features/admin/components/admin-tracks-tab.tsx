import { Box, LinearProgress, Paper, Table, TableBody, TableContainer, TablePagination, useMediaQuery, type Theme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { defaultAdminTrackSort, type AdminTrack, type AdminTrackSort } from '../../../../shared/api/admin-catalog.js';
import { adminTracksQuery } from '../api/admin-catalog.js';
import { useAdminToken } from './admin-outlet-context.js';
import { LoadFailure, TableMessageRow, TableSearchField } from './admin-table-parts.js';
import { TracksTableHead, TrackTableRow, visibleTrackColumns } from './admin-tracks-table.js';
import { TrackDeleteDialog } from './track-delete-dialog.js';
import { TrackEditDialog } from './track-edit-dialog.js';
import { rowsPerPageOptions, usePagedSearch, usePageInRange } from './use-paged-search.js';

type DialogState = { kind: 'edit' | 'delete'; track: AdminTrack; open: boolean } | null;

/** SPEC §2 admin tracks table, paged, sorted and searched on the server (DECISIONS §6). */
export function AdminTracksTab() {
  const token = useAdminToken();
  const table = usePagedSearch();
  const [sort, setSort] = useState<AdminTrackSort>(defaultAdminTrackSort);
  const query = useQuery(adminTracksQuery(token, { ...table.params, sort }));
  const [dialog, setDialog] = useState<DialogState>(null);
  const open = (kind: 'edit' | 'delete') => (track: AdminTrack) => setDialog({ kind, track, open: true });
  const closeDialog = () => setDialog((d) => (d ? { ...d, open: false } : d));
  const tracks = query.data?.data ?? [];
  const page = usePageInRange(table, query.data?.total);
  const searching = table.params.q.trim();
  // A phone shows release, date and duration under the title, so that the actions stay in view.
  const isCompact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const columnCount = visibleTrackColumns(isCompact).length;

  return (
    <Box>
      <Box sx={{ mb: 2 }}>
        <TableSearchField label="Search tracks" value={table.search} onChange={table.setSearch} />
      </Box>
      {query.isError && !query.isFetching && <LoadFailure error={query.error} onRetry={() => void query.refetch()} />}
      <Paper variant="outlined">
        <Box sx={{ height: 4 }}>{query.isFetching && <LinearProgress aria-label="Loading tracks" />}</Box>
        {/* A table wider than the screen scrolls inside its box; the page itself never scrolls sideways. */}
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Tracks" sx={{ minWidth: { sm: 760 } }}>
            <TracksTableHead
              isCompact={isCompact}
              sort={sort}
              onSort={(next) => {
                setSort(next);
                table.setPage(0);
              }}
            />
            <TableBody>
              {query.isPending && <TableMessageRow colSpan={columnCount}>Loading tracks…</TableMessageRow>}
              {query.isSuccess && tracks.length === 0 && (
                <TableMessageRow colSpan={columnCount}>
                  {searching ? `No tracks match “${searching}”` : 'No tracks available'}
                </TableMessageRow>
              )}
              {tracks.map((track) => (
                <TrackTableRow key={track.id} track={track} isCompact={isCompact} onEdit={open('edit')} onDelete={open('delete')} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={query.data?.total ?? 0}
          page={page}
          rowsPerPage={table.rowsPerPage}
          rowsPerPageOptions={rowsPerPageOptions}
          onPageChange={(_, page) => table.setPage(page)}
          onRowsPerPageChange={(event) => table.setRowsPerPage(Number(event.target.value))}
        />
      </Paper>
      <TrackEditDialog
        track={dialog?.kind === 'edit' ? dialog.track : null}
        open={dialog?.kind === 'edit' && dialog.open}
        token={token}
        onClose={closeDialog}
      />
      <TrackDeleteDialog
        track={dialog?.kind === 'delete' ? dialog.track : null}
        open={dialog?.kind === 'delete' && dialog.open}
        token={token}
        onClose={closeDialog}
      />
    </Box>
  );
}
