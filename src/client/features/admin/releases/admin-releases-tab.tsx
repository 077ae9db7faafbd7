import AddIcon from '@mui/icons-material/Add';
import { Avatar, Box, Button, Chip, Link, TableCell, TableHead, TableRow, Typography, type ChipProps } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminReleaseListItem } from '../../../../shared/api/admin-releases.js';
import { releaseTitle } from '../../../../shared/domain/release-display.js';
import { releaseStatuses, type ReleaseStatus } from '../../../../shared/domain/release-status.js';
import { generatedImageCopies } from '../../../../shared/generated-images.js';
import { labels } from '../../../../shared/labels.js';
import { adminReleasesQuery } from '../api/admin-catalog.js';
import { labelName } from '../components/admin-format.js';
import { AdminTable, FilterSelect, TableSearchField, hideOnPhone, phoneOnly } from '../components/admin-table.js';
import { usePagedSearch } from '../components/use-paged-search.js';
import { useAdminToken } from '../shell/admin-outlet-context.js';
import { ReleaseFormDialog } from '../components/release-form-dialog.js';
import { shownCover } from '../components/release-form.js';

/** A status in words (docs/decisions/0101: scheduled and published are as shown, by date). */
export const releaseStatusLabels: Readonly<Record<ReleaseStatus, string>> = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' };
const statusColors: Readonly<Record<ReleaseStatus, ChipProps['color']>> = { draft: 'default', scheduled: 'info', published: 'success' };

const statusOptions = releaseStatuses.map((status) => ({ value: status, label: releaseStatusLabels[status] }));
const labelOptions = labels.map((label) => ({ value: label.id, label: label.name }));

/**
 * Issue 35, releases first: every release, drafts too, newest first, searched by title, catalog number,
 * UPC or artist and filtered by label and status on the server; a row opens the release's form.
 */
export function AdminReleasesTab() {
  const token = useAdminToken();
  const [status, setStatus] = useState('');
  const [label, setLabel] = useState('');
  const paging = usePagedSearch({ filters: [status, label] });
  const query = useQuery(adminReleasesQuery(token, { ...paging.params, label: label || undefined, status: (status || undefined) as ReleaseStatus | undefined }));
  // The release form: a new release (id null) or the release of a row.
  const [form, setForm] = useState<{ releaseId: string | null; open: boolean }>({ releaseId: null, open: false });
  const isFiltered = Boolean(status || label || paging.q);

  return (
    <Box>
      <AdminTable
        label="Releases"
        toolbar={
          <>
            <TableSearchField label="Search releases" value={paging.search} onChange={paging.setSearch} />
            <FilterSelect label="Label" value={label} options={labelOptions} onChange={setLabel} />
            <FilterSelect label="Status" value={status} options={statusOptions} onChange={setStatus} />
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setForm({ releaseId: null, open: true })} sx={{ ml: { sm: 'auto' } }}>
              New release
            </Button>
          </>
        }
        head={
          <TableHead>
            <TableRow>
              <TableCell>Release</TableCell>
              <TableCell sx={hideOnPhone}>Artists</TableCell>
              <TableCell sx={hideOnPhone}>Label</TableCell>
              <TableCell sx={hideOnPhone}>Catalog number</TableCell>
              <TableCell sx={{ ...hideOnPhone, whiteSpace: 'nowrap' }}>Release date</TableCell>
              <TableCell>Status</TableCell>
              <TableCell sx={hideOnPhone} align="right">
                Tracks
              </TableCell>
            </TableRow>
          </TableHead>
        }
        columnCount={7}
        query={query}
        paging={paging}
        emptyText={isFiltered ? 'No releases match these filters' : 'No releases yet'}
        minWidth={900}
      >
        {query.data?.data.map((release) => <ReleaseRow key={release.id} release={release} onOpen={() => setForm({ releaseId: release.id, open: true })} />)}
      </AdminTable>
      <ReleaseFormDialog releaseId={form.releaseId} open={form.open} token={token} onClose={() => setForm((f) => ({ ...f, open: false }))} />
    </Box>
  );
}

function ReleaseRow({ release, onOpen }: { release: AdminReleaseListItem; onOpen: () => void }) {
  const title = releaseTitle(release);
  const artists = release.artists.join(', ') || '—';
  const cover = shownCover(release);
  const thumbnail = cover ? (generatedImageCopies(cover)[0]?.url ?? cover) : undefined;
  // "3 tracks, 2 with audio": the audio coverage beside the count.
  const tracks = `${release.track_count}${release.track_count > 0 ? ` (${release.tracks_with_audio} with audio)` : ''}`;
  return (
    <TableRow hover onClick={onOpen} sx={{ cursor: 'pointer' }}>
      <TableCell>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          {/* The title next to it names the release: the picture is decoration. */}
          <Avatar variant="rounded" src={thumbnail} alt="" sx={{ width: 40, height: 40 }}>
            {title.slice(0, 1)}
          </Avatar>
          <Box>
            {/* The button makes the row reachable by keyboard; the whole row answers a click. */}
            <Link component="button" type="button" underline="hover" color="inherit" sx={{ fontWeight: 600, textAlign: 'left' }}>
              {title}
            </Link>
            <Typography variant="body2" color="text.secondary" sx={phoneOnly}>
              {[artists, labelName(release.label_id), release.catalog_number, release.release_date].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
        </Box>
      </TableCell>
      <TableCell sx={hideOnPhone}>{artists}</TableCell>
      <TableCell sx={hideOnPhone}>{labelName(release.label_id)}</TableCell>
      <TableCell sx={hideOnPhone}>{release.catalog_number ?? '—'}</TableCell>
      <TableCell sx={{ ...hideOnPhone, whiteSpace: 'nowrap' }}>{release.release_date ?? '—'}</TableCell>
      <TableCell>
        <Chip label={releaseStatusLabels[release.status]} color={statusColors[release.status]} size="small" variant={release.status === 'draft' ? 'outlined' : 'filled'} />
      </TableCell>
      <TableCell sx={{ ...hideOnPhone, whiteSpace: 'nowrap' }} align="right">
        {tracks}
      </TableCell>
    </TableRow>
  );
}
