import EditIcon from '@mui/icons-material/Edit';
import { Avatar, Box, Chip, IconButton, Stack, TableCell, TableHead, TableRow, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminArtist } from '../../../../shared/api/admin-catalog.js';
import { adminArtistsQuery } from '../api/admin-catalog.js';
import { formatCounted } from '../components/admin-format.js';
import { useAdminToken } from '../shell/admin-outlet-context.js';
import { AdminTable, TableSearchField } from '../components/admin-table.js';
import { ArtistEditDialog } from './artist-edit-dialog.js';
import { usePagedSearch } from '../components/use-paged-search.js';

const columns: { label: string; align?: 'right'; isSecondary?: boolean }[] = [
  { label: 'Name' },
  { label: 'Genres', isSecondary: true },
  { label: 'Releases', align: 'right', isSecondary: true },
  { label: 'Tracks', align: 'right', isSecondary: true },
  { label: 'Actions', align: 'right' },
];

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
                  {`${formatCounted(artist.release_count, 'release')} · ${formatCounted(artist.track_count, 'track')}`}
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
  const paging = usePagedSearch();
  const query = useQuery(adminArtistsQuery(token, paging.params));
  const [editing, setEditing] = useState<{ artist: AdminArtist; open: boolean } | null>(null);
  const isCompact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const shown = isCompact ? columns.filter((column) => !column.isSecondary) : columns;

  return (
    <Box>
      <AdminTable
        label="Artists"
        toolbar={<TableSearchField label="Search artists" value={paging.search} onChange={paging.setSearch} />}
        head={
          <TableHead>
            <TableRow>
              {shown.map((column) => (
                <TableCell key={column.label} align={column.align} sx={{ fontWeight: 600 }}>
                  {column.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
        }
        columnCount={shown.length}
        query={query}
        paging={paging}
        emptyText={paging.q ? `No artists match “${paging.q}”` : 'No artists yet'}
        minWidth={560}
      >
        {query.data?.data.map((artist) => (
          <ArtistRow key={artist.id} artist={artist} isCompact={isCompact} onEdit={(a) => setEditing({ artist: a, open: true })} />
        ))}
      </AdminTable>
      <ArtistEditDialog
        artist={editing?.artist ?? null}
        open={editing?.open ?? false}
        token={token}
        onClose={() => setEditing((e) => (e ? { ...e, open: false } : e))}
      />
    </Box>
  );
}
