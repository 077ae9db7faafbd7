import AddIcon from '@mui/icons-material/Add';
import { Box, Button, useMediaQuery, type Theme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { defaultAdminTrackSort, type AdminTrack, type AdminTrackSort } from '../../../../shared/api/admin-catalog.js';
import { adminTracksQuery } from '../api/admin-catalog.js';
import { useAdminToken } from '../shell/admin-outlet-context.js';
import { AdminTable, TableSearchField } from '../components/admin-table.js';
import { TracksTableHead, TrackTableRow, visibleTrackColumns } from './admin-tracks-table.js';
import { TrackDeleteDialog } from './track-delete-dialog.js';
import { TrackEditDialog } from './track-edit-dialog.js';
import { usePagedSearch } from '../components/use-paged-search.js';
import { ReleaseFormDialog } from '../components/release-form-dialog.js';

type DialogState = { kind: 'edit' | 'delete'; track: AdminTrack; open: boolean } | null;

/** docs/product.md §2 admin tracks table, paged, sorted and searched on the server (docs/product.md §10.6). */
export function AdminTracksTab() {
  const token = useAdminToken();
  const [sort, setSort] = useState<AdminTrackSort>(defaultAdminTrackSort);
  const paging = usePagedSearch({ filters: [sort] });
  const query = useQuery(adminTracksQuery(token, { ...paging.params, sort }));
  const [dialog, setDialog] = useState<DialogState>(null);
  const open = (kind: 'edit' | 'delete') => (track: AdminTrack) => setDialog({ kind, track, open: true });
  const closeDialog = () => setDialog((d) => (d ? { ...d, open: false } : d));
  // The release form: a new release (id null) or the release of a track row.
  const [releaseForm, setReleaseForm] = useState<{ releaseId: string | null; open: boolean }>({ releaseId: null, open: false });
  // A phone shows release, date and duration under the title, so that the actions stay in view.
  const isCompact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  return (
    <Box>
      <AdminTable
        label="Tracks"
        toolbar={
          <>
            <TableSearchField label="Search tracks" value={paging.search} onChange={paging.setSearch} />
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setReleaseForm({ releaseId: null, open: true })} sx={{ ml: { sm: 'auto' } }}>
              New release
            </Button>
          </>
        }
        head={<TracksTableHead isCompact={isCompact} sort={sort} onSort={setSort} />}
        columnCount={visibleTrackColumns(isCompact).length}
        query={query}
        paging={paging}
        emptyText={paging.q ? `No tracks match “${paging.q}”` : 'No tracks available'}
        minWidth={760}
      >
        {query.data?.data.map((track) => (
          <TrackTableRow
            key={track.id}
            track={track}
            isCompact={isCompact}
            onEdit={open('edit')}
            onDelete={open('delete')}
            onEditRelease={(releaseId) => setReleaseForm({ releaseId, open: true })}
          />
        ))}
      </AdminTable>
      <TrackEditDialog
        track={dialog?.kind === 'edit' ? dialog.track : null}
        open={dialog?.kind === 'edit' && dialog.open}
        token={token}
        onClose={closeDialog}
      />
      <ReleaseFormDialog
        releaseId={releaseForm.releaseId}
        open={releaseForm.open}
        token={token}
        onClose={() => setReleaseForm((form) => ({ ...form, open: false }))}
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
