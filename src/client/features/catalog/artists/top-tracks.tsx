import { Box, CircularProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQueries } from '@tanstack/react-query';
import type { ArtistRelease, Track } from '../../../../shared/api/catalog.js';
import { formatDuration } from '../../../../shared/domain/duration.js';
import { PlayButton } from '../../../lib/play-button-slot.js';
import { trackTitle } from '../../../../shared/domain/track-title.js';
import { releaseQuery } from '../api/catalog-api.js';

const releasesLooked = 5;
const tracksShown = 10;

/**
 * The artist's tracks from their newest releases. The catalog keeps no per-track popularity
 * (docs/product.md §10.4), so "top" means newest: nothing is ranked on invented figures.
 */
export function TopTracks({ artistId, releases }: { artistId: string; releases: ArtistRelease[] }) {
  const newest = releases.slice(0, releasesLooked);
  const results = useQueries({ queries: newest.map((release) => releaseQuery(release.id)) });
  const isLoading = results.some((r) => r.isPending);
  const tracks = distinct(newest.flatMap((credit, i) => creditedTracks(artistId, credit, results[i]?.data?.data.tracks ?? []))).slice(0, tracksShown);

  if (tracks.length === 0) {
    return isLoading ? <CircularProgress aria-label="Loading top tracks" size={28} /> : <Typography color="text.secondary">No tracks found</Typography>;
  }
  return (
    <List dense disablePadding aria-label="Top tracks" sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      {tracks.map((track, i) => (
        <ListItem key={track.id} divider={i < tracks.length - 1} secondaryAction={<PlayButton track={track} queue={tracks} />} sx={{ pr: 7 }}>
          <Typography color="text.secondary" sx={{ width: 28, flexShrink: 0 }}>
            {i + 1}
          </Typography>
          <ListItemText
            primary={trackTitle(track)}
            secondary={track.artists.map((a) => a.name).join(', ') || undefined}
            slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
            sx={{ minWidth: 0 }}
          />
          <Box component="span" sx={{ color: 'text.secondary', ml: 2, flexShrink: 0 }}>
            {formatDuration(track.duration_ms)}
          </Box>
        </ListItem>
      ))}
    </List>
  );
}

/** A song on a single and again on a compilation is listed once, at its newest release. */
function distinct(tracks: Track[]): Track[] {
  const seen = new Set<string>();
  return tracks.filter((track) => {
    const key = track.isrc ?? `${trackTitle(track)}|${track.artists.map((a) => a.id).join(',')}`.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The tracks the artist plays or remixes on; a whole-release credit counts for all its tracks. */
function creditedTracks(artistId: string, credit: ArtistRelease, tracks: Track[]): Track[] {
  const own = tracks.filter((t) => t.artists.some((a) => a.id === artistId) || t.remixer?.id === artistId);
  return own.length > 0 || credit.artistTrackTitle !== null ? own : tracks;
}
