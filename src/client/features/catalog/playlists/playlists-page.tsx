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
import { accentText } from '../../../lib/readable-colour.js';

function PlaylistCard({ playlist, selected, onSelect }: { playlist: Playlist; selected: boolean; onSelect: () => void }) {
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
            {`${playlist.followers === null ? '—' : playlist.followers.toLocaleString('en-US')} followers · ${playlist.total_tracks} tracks`}
          </Typography>
        </CardContent>
      </CardActionArea>
      <Box sx={{ px: 1.5, pb: 1.5 }}>
        {playlist.spotify_url ? (
          <Button size="small" endIcon={<OpenInNewIcon />} href={playlist.spotify_url} target="_blank" rel="noopener noreferrer">
            Play on Spotify
          </Button>
        ) : (
          <Button size="small" endIcon={<OpenInNewIcon />} disabled>
            Play on Spotify
          </Button>
        )}
      </Box>
    </Card>
  );
}

/** docs/product.md §2 Playlists page: the label's fixed playlists; selecting one shows its tracks. */
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
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={2}>
            {isPending
              ? Array.from({ length: label.playlists.length }, (_, i) => <Skeleton key={i} variant="rounded" height={150} />)
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
                  <TrackTable tracks={selected.tracks} label="Tracks" numbering="position" />
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
