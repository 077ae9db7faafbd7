import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Alert, Box, Button, Chip, IconButton, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { defaultAdminTrackSort } from '../../../../shared/api/admin-catalog.js';
import type { AdminPlaylistDetail } from '../../../../shared/api/admin-playlists.js';
import { formatDuration } from '../../../../shared/domain/duration.js';
import { notify } from '../../../lib/notifications.js';
import { adminTracksQuery, refreshAdminData } from '../api/admin-catalog.js';
import { addPlaylistTrack, movePlaylistTrack, removePlaylistTrack } from '../api/admin-playlists.js';
import { TableSearchField } from '../components/admin-table.js';

/** "Night Drive (Extended Mix)": how a track is named in buttons and lists. */
const trackName = (track: { title: string; mix_version: string | null }) => (track.mix_version ? `${track.title} (${track.mix_version})` : track.title);

type Change = { kind: 'add'; trackId: string } | { kind: 'remove'; trackId: string } | { kind: 'move'; trackId: string; position: number };

/**
 * A playlist's tracks in order, each with Move up, Move down and Remove (buttons: by keyboard and on a phone
 * alike), and a track search whose results are added at the end. Each change is sent as itself (add, remove,
 * move to a position) and the server applies it to the order it holds (docs/decisions/0104).
 */
export function PlaylistTracks({ playlist, token }: { playlist: AdminPlaylistDetail; token: string }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (c: Change) =>
      c.kind === 'add'
        ? addPlaylistTrack(token, playlist.id, c.trackId)
        : c.kind === 'remove'
          ? removePlaylistTrack(token, playlist.id, c.trackId)
          : movePlaylistTrack(token, playlist.id, c.trackId, c.position),
    onSuccess: (answer) => queryClient.setQueryData(['admin', 'playlist', playlist.id], answer),
    onSettled: () => void refreshAdminData(queryClient),
  });
  const count = playlist.tracks.length;

  return (
    <Box component="section" aria-labelledby={`${playlist.id}-tracks`}>
      <Typography id={`${playlist.id}-tracks`} variant="h6" component="h3">
        Tracks
      </Typography>
      {playlist.rule && (
        <Typography variant="body2" color="text.secondary">
          {`${playlist.rule}.`}
        </Typography>
      )}
      {change.error && <Alert severity="error">{change.error.message}</Alert>}
      {count === 0 ? (
        <Typography color="text.secondary" sx={{ my: 1 }}>
          No tracks yet: add some with the search below.
        </Typography>
      ) : (
        <List aria-label="Tracks in order" dense>
          {playlist.tracks.map((track, index) => {
            const name = trackName(track);
            return (
              <ListItem key={track.id} divider sx={{ flexWrap: 'wrap', gap: 1, pr: 0 }}>
                <Typography sx={{ minWidth: 24, fontVariantNumeric: 'tabular-nums' }} color="text.secondary">
                  {index + 1}
                </Typography>
                <ListItemText
                  primary={name}
                  secondary={[track.artists.join(', ') || null, track.release_title, formatDuration(track.duration_ms)].filter(Boolean).join(' · ')}
                  sx={{ flex: '1 1 200px', minWidth: 0 }}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
                {!track.is_public && <Chip size="small" variant="outlined" label="Not public yet" title="Its release is a draft or not out yet: the public page leaves it out until then" />}
                <Stack direction="row">
                  <IconButton aria-label={`Move “${name}” up`} disabled={index === 0 || change.isPending} onClick={() => change.mutate({ kind: 'move', trackId: track.id, position: index })}>
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={`Move “${name}” down`} disabled={index === count - 1 || change.isPending} onClick={() => change.mutate({ kind: 'move', trackId: track.id, position: index + 2 })}>
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={`Remove “${name}”`} disabled={change.isPending} onClick={() => change.mutate({ kind: 'remove', trackId: track.id })}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Stack>
              </ListItem>
            );
          })}
        </List>
      )}
      <TrackSearch
        token={token}
        inPlaylist={new Set(playlist.tracks.map((track) => track.id))}
        isBusy={change.isPending}
        onAdd={(track) => change.mutate({ kind: 'add', trackId: track.id }, { onSuccess: () => notify(`Added “${trackName(track)}”`, { variant: 'success' }) })}
      />
    </Box>
  );
}

/** Searches every track (title, mix, release, artists, ISRC) as the Tracks tab does; each result has Add. */
function TrackSearch({ token, inPlaylist, isBusy, onAdd }: { token: string; inPlaylist: Set<string>; isBusy: boolean; onAdd: (track: { id: string; title: string; mix_version: string | null }) => void }) {
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const results = useQuery({ ...adminTracksQuery(token, { q, limit: 8, offset: 0, sort: defaultAdminTrackSort }), enabled: q.length >= 2 });
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 1 }}>
      <TableSearchField label="Add tracks: search" value={search} onChange={setSearch} />
      {results.isError && <Alert severity="error">{results.error.message}</Alert>}
      {q.length >= 2 && results.data && (
        <List aria-label="Search results" dense>
          {results.data.data.length === 0 && <ListItem>No tracks match</ListItem>}
          {results.data.data.map((track) => {
            const name = trackName(track);
            const isIn = inPlaylist.has(track.id);
            return (
              <ListItem key={track.id} divider sx={{ gap: 1, flexWrap: 'wrap', pr: 0 }}>
                <ListItemText
                  primary={name}
                  secondary={[track.artists.filter((a) => a.role !== 'remixer').map((a) => a.name).join(', ') || null, track.release.title].filter(Boolean).join(' · ')}
                  sx={{ flex: '1 1 200px', minWidth: 0 }}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
                <Button size="small" variant="outlined" disabled={isIn || isBusy} aria-label={isIn ? `“${name}” is in the playlist` : `Add “${name}”`} onClick={() => onAdd(track)}>
                  {isIn ? 'Added' : 'Add'}
                </Button>
              </ListItem>
            );
          })}
        </List>
      )}
    </Box>
  );
}
