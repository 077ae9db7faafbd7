import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PushPinIcon from '@mui/icons-material/PushPin';
import { Box, IconButton, TableCell, TableHead, TableRow, TableSortLabel, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';
import type { AdminTrack, AdminTrackSort, AdminTrackSortField, SortDirection } from '../../../../shared/api/admin-catalog.js';
import { formatDuration } from '../../../../shared/domain/duration.js';
import { trackArtists, trackTitle } from '../../../components/track-table.js';

/** SPEC §2's columns, exactly; each but Actions sorts on the server. */
export const trackColumns: { label: string; sort?: AdminTrackSortField; firstDirection?: SortDirection; align?: 'right' }[] = [
  { label: 'Title', sort: 'title' },
  { label: 'Artist', sort: 'artist' },
  { label: 'Release', sort: 'release' },
  { label: 'Duration', sort: 'duration', align: 'right' },
  // Dates start newest first, as the table does.
  { label: 'Release Date', sort: 'release_date', firstDirection: 'desc' },
  { label: 'Actions', align: 'right' },
];

export function TracksTableHead({ sort, onSort }: { sort: AdminTrackSort; onSort: (sort: AdminTrackSort) => void }) {
  const [field, direction] = sort.split(':') as [AdminTrackSortField, SortDirection];
  return (
    <TableHead>
      <TableRow>
        {trackColumns.map((column) => (
          <TableCell
            key={column.label}
            align={column.align}
            sortDirection={column.sort === field ? direction : false}
            sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
          >
            {column.sort ? (
              <TableSortLabel
                active={column.sort === field}
                direction={column.sort === field ? direction : (column.firstDirection ?? 'asc')}
                onClick={() => {
                  const next = column.sort === field ? (direction === 'asc' ? 'desc' : 'asc') : (column.firstDirection ?? 'asc');
                  onSort(`${column.sort as AdminTrackSortField}:${next}`);
                }}
              >
                {column.label}
              </TableSortLabel>
            ) : (
              column.label
            )}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}

/** An icon button with a tooltip; the span keeps the tooltip working while the button is disabled. */
function Action({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tooltip title={label}>
      <span>{children}</span>
    </Tooltip>
  );
}

export function TrackTableRow({
  track,
  onEdit,
  onDelete,
}: {
  track: AdminTrack;
  onEdit: (track: AdminTrack) => void;
  onDelete: (track: AdminTrack) => void;
}) {
  const title = trackTitle(track);
  return (
    <TableRow hover>
      <TableCell sx={{ fontWeight: 500 }}>{title}</TableCell>
      <TableCell>{trackArtists({ artists: track.artists, remixer: null })}</TableCell>
      <TableCell>
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          {track.release.title}
          {track.release.pinned && <PushPinIcon titleAccess="Pinned to Top Releases" fontSize="inherit" color="primary" />}
        </Box>
      </TableCell>
      <TableCell align="right">{formatDuration(track.duration_ms)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{track.release.release_date ?? '—'}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Action label={track.spotify_url ? 'Open in Spotify' : 'No Spotify link'}>
          <IconButton
            size="small"
            aria-label={`Open “${title}” in Spotify`}
            disabled={!track.spotify_url}
            {...(track.spotify_url ? { component: 'a', href: track.spotify_url, target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            <OpenInNewIcon fontSize="small" />
          </IconButton>
        </Action>
        <Action label="Edit">
          <IconButton size="small" aria-label={`Edit “${title}”`} onClick={() => onEdit(track)}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Action>
        <Action label="Delete">
          <IconButton size="small" aria-label={`Delete “${title}”`} onClick={() => onDelete(track)}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Action>
      </TableCell>
    </TableRow>
  );
}
