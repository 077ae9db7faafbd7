import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  CardMedia,
  Grid,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { Playlist } from '../../../../shared/api/catalog.js';
import { TrackTable } from '../components/track-table.js';
import { playlistsQuery } from '../api/catalog-api.js';
import { labelFromParam } from '../../../lib/current-label.js';
import { PlayButton, type PlayContext } from '../../../lib/play-button-slot.js';
import { accentText } from '../../../lib/readable-colour.js';

const playContextOf = (playlist: Playlist): PlayContext => ({ artworkUrl: playlist.cover_url, releaseTitle: playlist.title });

function PlaylistCard({ playlist, selected, onSelect }: { playlist: Playlist; selected: boolean; onSelect: () => void }) {
  const firstPlayable = playlist.tracks.find((t) => t.preview_url || t.spotify_url);
  return (
    <Card variant="outlined" sx={{ borderColor: selected ? 'primary.main' : 'divider' }}>
      <CardActionArea onClick={onSelect} aria-pressed={selected} sx={{ display: 'flex', alignItems: 'stretch', justifyContent: 'flex-start' }}>
        <CardMedia component="img" image={playlist.cover_url} alt="" loading="lazy" sx={{ width: 112, height: 112, flexShrink: 0 }} />
        <CardContent sx={{ py: 1.5, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {playlist.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {playlist.description}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {/* docs/product.md §10.8: an unknown follower count is left out, not shown as a figure. */}
            {[
              playlist.followers === null ? null : `${playlist.followers.toLocaleString('en-US')} followers`,
              `${playlist.total_tracks} tracks`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </CardContent>
      </CardActionArea>
      <Stack direction="row" spacing={1} sx={{ px: 1.5, pb: 1.5, alignItems: 'center' }}>
        {/* docs/product.md §2.11: the playlist plays here, its tracks queued in order. */}
        {firstPlayable && (
          <PlayButton track={firstPlayable} queue={playlist.tracks} context={playContextOf(playlist)} name={playlist.title} size="medium" />
        )}
        {playlist.spotify_url && (
          <Button size="small" endIcon={<OpenInNewIcon />} href={playlist.spotify_url} target="_blank" rel="noopener noreferrer">
            Play on Spotify
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/** docs/product.md §2.11 Playlists page: the label's published playlists (docs/decisions/0104); selecting one shows its tracks. */
export function PlaylistsPage() {
  const { label: param } = useParams();
  const label = labelFromParam(param);
  const { data, error, isPending } = useQuery({ ...playlistsQuery(label?.id ?? ''), enabled: Boolean(label) });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  if (!label) return <Typography sx={{ p: 3 }}>{`Invalid label: ${param ?? ''}`}</Typography>;
  const playlists = data?.data ?? [];
  const selected = playlists.find((p) => p.id === selectedId);
  return (
    <Box sx={{ p: { xs: 2, md: 4 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {label.name}
      </Typography>
      <Typography variant="h6" component="p" sx={{ color: (t) => accentText(t, label.accent), mb: 3 }}>
        {label.playlistsSubtitle}
      </Typography>
      {error && <Alert severity="error">{error.message}</Alert>}
      {!isPending && !error && playlists.length === 0 && <Typography color="text.secondary">No playlists yet</Typography>}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={2}>
            {isPending
              ? Array.from({ length: 2 }, (_, i) => <Skeleton key={i} variant="rounded" height={150} />)
              : playlists.map((p) => (
                  <PlaylistCard key={p.id} playlist={p} selected={p.id === selectedId} onSelect={() => setSelectedId(p.id)} />
                ))}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper variant="outlined" sx={{ p: 2, minHeight: 200 }}>
            {selected ? (
              <>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  {selected.title}
                </Typography>
                {selected.tracks.length > 0 ? (
                  <TrackTable tracks={selected.tracks} label="Tracks" numbering="position" playContext={playContextOf(selected)} />
                ) : (
                  <Typography color="text.secondary">No tracks found</Typography>
                )}
              </>
            ) : (
              <Typography color="text.secondary">Select a playlist to view tracks</Typography>
            )}
          </Paper>
        </Grid>
      </Grid>
    </Box>
  );
}
