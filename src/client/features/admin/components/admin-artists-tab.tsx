import EditIcon from '@mui/icons-material/Edit';
import {
  Avatar,
  Box,
  Chip,
  IconButton,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminArtist } from '../../../../shared/api/admin-catalog.js';
import { adminArtistsQuery } from '../api/admin-catalog.js';
import { useAdminToken } from './admin-outlet-context.js';
import { LoadFailure, TableMessageRow, TableSearchField } from './admin-table-parts.js';
import { ArtistEditDialog } from './artist-edit-dialog.js';
import { rowsPerPageOptions, usePagedSearch, usePageInRange } from './use-paged-search.js';

const columns: { label: string; align?: 'right'; isSecondary?: boolean }[] = [
  { label: 'Name' },
  { label: 'Genres', isSecondary: true },
  { label: 'Releases', align: 'right', isSecondary: true },
  { label: 'Tracks', align: 'right', isSecondary: true },
  { label: 'Actions', align: 'right' },
];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function Genres({ genres }: { genres: string[] }) {
  if (genres.length === 0) return '—';
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {genres.map((genre) => (
        <Chip key={genre} label={genre} size="small" variant="outlined" />
      ))}
    </Stack>
  );
}

/** One artist; on a phone the genres and counts go under the name, so that Edit stays in view. */
function ArtistRow({ artist, isCompact, onEdit }: { artist: AdminArtist; isCompact: boolean; onEdit: (artist: AdminArtist) => void }) {
  return (
    <TableRow hover>
      <TableCell>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Avatar src={artist.image_url ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
            {artist.name.charAt(0).toUpperCase()}
          </Avatar>
          <Stack spacing={0.5}>
            <Box component="span" sx={{ fontWeight: 500 }}>
              {artist.name}
            </Box>
            {isCompact && (
              <>
                <Typography variant="caption" color="text.secondary">
                  {`${plural(artist.release_count, 'release')} · ${plural(artist.track_count, 'track')}`}
                </Typography>
                {artist.genres.length > 0 && <Genres genres={artist.genres} />}
              </>
            )}
          </Stack>
        </Stack>
      </TableCell>
      {!isCompact && (
        <>
          <TableCell>
            <Genres genres={artist.genres} />
          </TableCell>
          <TableCell align="right">{artist.release_count}</TableCell>
          <TableCell align="right">{artist.track_count}</TableCell>
        </>
      )}
      <TableCell align="right">
        <Tooltip title="Edit">
          <IconButton size="small" aria-label={`Edit ${artist.name}`} onClick={() => onEdit(artist)}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}

/** The Artists tab: every artist by name, with bio and genres to edit. */
export function AdminArtistsTab() {
  const token = useAdminToken();
  const table = usePagedSearch();
  const query = useQuery(adminArtistsQuery(token, table.params));
  const [editing, setEditing] = useState<{ artist: AdminArtist; open: boolean } | null>(null);
  const artists = query.data?.data ?? [];
  const page = usePageInRange(table, query.data?.total);
  const searching = table.params.q.trim();
  const isCompact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const shown = isCompact ? columns.filter((column) => !column.isSecondary) : columns;

  return (
    <Box>
      <Box sx={{ mb: 2 }}>
        <TableSearchField label="Search artists" value={table.search} onChange={table.setSearch} />
      </Box>
      {query.isError && !query.isFetching && <LoadFailure error={query.error} onRetry={() => void query.refetch()} />}
      <Paper variant="outlined">
        <Box sx={{ height: 4 }}>{query.isFetching && <LinearProgress aria-label="Loading artists" />}</Box>
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Artists" sx={{ minWidth: { sm: 560 } }}>
            <TableHead>
              <TableRow>
                {shown.map((column) => (
                  <TableCell key={column.label} align={column.align} sx={{ fontWeight: 600 }}>
                    {column.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {query.isPending && <TableMessageRow colSpan={shown.length}>Loading artists…</TableMessageRow>}
              {query.isSuccess && artists.length === 0 && (
                <TableMessageRow colSpan={shown.length}>{searching ? `No artists match “${searching}”` : 'No artists yet'}</TableMessageRow>
              )}
              {artists.map((artist) => (
                <ArtistRow key={artist.id} artist={artist} isCompact={isCompact} onEdit={(a) => setEditing({ artist: a, open: true })} />
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
          onPageChange={(_, next) => table.setPage(next)}
          onRowsPerPageChange={(event) => table.setRowsPerPage(Number(event.target.value))}
        />
      </Paper>
      <ArtistEditDialog
        artist={editing?.artist ?? null}
        open={editing?.open ?? false}
        token={token}
        onClose={() => setEditing((e) => (e ? { ...e, open: false } : e))}
      />
    </Box>
  );
}
