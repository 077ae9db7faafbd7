import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PushPinIcon from '@mui/icons-material/PushPin';
import { Box, IconButton, Link, TableCell, TableHead, TableRow, TableSortLabel, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { AdminTrack, AdminTrackSort, AdminTrackSortField, SortDirection } from '../../../../shared/api/admin-catalog.js';
import { formatDuration } from '../../../../shared/domain/duration.js';
import { trackArtists, trackTitle } from '../../../../shared/domain/track-title.js';

/** docs/product.md §2's columns, exactly; each but Actions sorts on the server. */
const trackColumns: {
  label: string;
  sort?: AdminTrackSortField;
  firstDirection?: SortDirection;
  align?: 'right';
  /** On a phone, shown under the title instead of in a column of its own, so that the actions stay in view. */
  isSecondary?: boolean;
}[] = [
  { label: 'Title', sort: 'title' },
  { label: 'Artist', sort: 'artist', isSecondary: true },
  { label: 'Release', sort: 'release', isSecondary: true },
  { label: 'Duration', sort: 'duration', align: 'right', isSecondary: true },
  // Dates start newest first, as the table does.
  { label: 'Release Date', sort: 'release_date', firstDirection: 'desc', isSecondary: true },
  { label: 'Actions', align: 'right' },
];

/** The columns shown: all of the product's on a wide screen, the primary ones on a phone. */
export function visibleTrackColumns(isCompact: boolean) {
  return isCompact ? trackColumns.filter((column) => !column.isSecondary) : trackColumns;
}

export function TracksTableHead({
  sort,
  onSort,
  isCompact,
}: {
  sort: AdminTrackSort;
  onSort: (sort: AdminTrackSort) => void;
  isCompact: boolean;
}) {
  const [field, direction] = sort.split(':') as [AdminTrackSortField, SortDirection];
  return (
    <TableHead>
      <TableRow>
        {visibleTrackColumns(isCompact).map((column) => (
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

/** The track's release: following it opens the release form. */
function ReleaseTitle({ release, onEditRelease }: { release: AdminTrack['release']; onEditRelease: (releaseId: string) => void }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <Link component="button" type="button" variant="inherit" aria-label={`Edit release “${release.title}”`} onClick={() => onEditRelease(release.id)} sx={{ textAlign: 'left' }}>
        {release.title}
      </Link>
      {release.pinned && <PushPinIcon titleAccess="Pinned to Top Releases" fontSize="inherit" color="primary" />}
    </Box>
  );
}

interface RowActions {
  onEdit: (track: AdminTrack) => void;
  onDelete: (track: AdminTrack) => void;
  onEditRelease: (releaseId: string) => void;
}

function TrackActions({ track, title, onEdit, onDelete }: Omit<RowActions, 'onEditRelease'> & { track: AdminTrack; title: string }) {
  return (
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
  );
}

/** One track; on a phone its artists, release, date and duration go under the title. */
export function TrackTableRow({
  track,
  isCompact,
  onEdit,
  onDelete,
  onEditRelease,
}: RowActions & { track: AdminTrack; isCompact: boolean }) {
  const title = trackTitle(track);
  const artists = trackArtists({ artists: track.artists, remixer: null });
  const releaseDate = track.release.release_date ?? '—';
  if (isCompact) {
    return (
      <TableRow hover>
        <TableCell>
          <Box sx={{ fontWeight: 500 }}>{title}</Box>
          <Typography variant="caption" component="div" color="text.secondary">
            {artists}
          </Typography>
          <Typography variant="caption" component="div" color="text.secondary">
            <ReleaseTitle release={track.release} onEditRelease={onEditRelease} />
            {` · ${releaseDate} · ${formatDuration(track.duration_ms)}`}
          </Typography>
        </TableCell>
        <TrackActions track={track} title={title} onEdit={onEdit} onDelete={onDelete} />
      </TableRow>
    );
  }
  return (
    <TableRow hover>
      <TableCell sx={{ fontWeight: 500 }}>{title}</TableCell>
      <TableCell>{artists}</TableCell>
      <TableCell>
        <ReleaseTitle release={track.release} onEditRelease={onEditRelease} />
      </TableCell>
      <TableCell align="right">{formatDuration(track.duration_ms)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{releaseDate}</TableCell>
      <TrackActions track={track} title={title} onEdit={onEdit} onDelete={onDelete} />
    </TableRow>
  );
}
