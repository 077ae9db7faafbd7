import CloseIcon from '@mui/icons-material/Close';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Artist, ArtistRelease, Track } from '../../../../shared/api/catalog.js';
import { formatDuration } from '../../../../shared/domain/duration.js';
import { findLabel, labels } from '../../../../shared/labels.js';
import { trackArtists, trackTitle } from '../../../../shared/domain/track-title.js';
import { artistReleasesQuery } from '../api/catalog-api.js';
import { ArtistImage } from './artist-image.js';
import { PlayButton } from '../../../lib/play-button-slot.js';
import { ShareButton } from '../../../components/share-button.js';
import { releaseTitle } from '../../../../shared/domain/release-display.js';

interface ArtistDetailModalProps {
  artist: Artist | null;
  open: boolean;
  onClose: () => void;
  /** The artist's own page, linked from the dialog when given. */
  pageHref?: string;
}

/** docs/product.md §2 artist detail modal: who the artist is and every release they are credited on, by label. */
export function ArtistDetailModal({ artist, open, onClose, pageHref }: ArtistDetailModalProps) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog open={open && artist !== null} onClose={onClose} fullScreen={isPhone} fullWidth maxWidth="lg" aria-labelledby={titleId}>
      {artist && (
        <>
          <DialogTitle id={titleId} sx={{ pr: 7, fontWeight: 700 }}>
            {artist.name}
          </DialogTitle>
          <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
            <CloseIcon />
          </IconButton>
          <DialogContent dividers>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ mb: 3 }}>
              <Box sx={{ width: { xs: 200, sm: 220 }, flexShrink: 0, alignSelf: { xs: 'center', sm: 'flex-start' } }}>
                <ArtistImage src={artist.image_url} alt={artist.name} sizes="(min-width: 600px) 220px, 200px" />
              </Box>
              <ArtistFacts artist={artist} pageHref={pageHref} />
            </Stack>
            <ArtistReleases artistId={artist.id} />
          </DialogContent>
        </>
      )}
    </Dialog>
  );
}

function ArtistFacts({ artist, pageHref }: { artist: Artist; pageHref?: string }) {
  return (
    <Stack spacing={2} sx={{ minWidth: 0, flex: 1 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {artist.labels.map((id) => {
          const label = findLabel(id);
          return <Chip key={id} label={label?.name ?? id} variant="outlined" sx={{ borderColor: label?.accent }} />;
        })}
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {artist.spotify_url && (
          <Button variant="contained" href={artist.spotify_url} target="_blank" rel="noopener noreferrer" endIcon={<OpenInNewIcon />}>
            Listen on Spotify
          </Button>
        )}
        {pageHref && (
          <Button variant="outlined" component={RouterLink} to={pageHref}>
            Artist page
          </Button>
        )}
        {pageHref && <ShareButton path={pageHref} title={artist.name} />}
      </Stack>
      <Box>
        <Typography variant="h6" component="h3">
          About
        </Typography>
        <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
          {artist.bio ?? '—'}
        </Typography>
      </Box>
      <Box>
        <Typography variant="h6" component="h3">
          Genres
        </Typography>
        {artist.genres.length > 0 ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
            {artist.genres.map((genre) => (
              <Chip key={genre} label={genre} size="small" />
            ))}
          </Stack>
        ) : (
          <Typography color="text.secondary">—</Typography>
        )}
      </Box>
    </Stack>
  );
}

/** docs/product.md §4: the cached first page (50) shows at once; the fresh one (100) replaces it when it arrives. */
function ArtistReleases({ artistId }: { artistId: string }) {
  const cached = useQuery(artistReleasesQuery(artistId, 50));
  const fresh = useQuery(artistReleasesQuery(artistId, 100));
  const headingId = useId();
  // keepPreviousData would show another artist's releases while these load: ignore placeholders.
  const releases = (!fresh.isPlaceholderData ? fresh.data : undefined) ?? (!cached.isPlaceholderData ? cached.data : undefined);

  let body;
  if (releases) {
    body =
      releases.data.length === 0 ? (
        <Typography color="text.secondary">No releases found for this artist</Typography>
      ) : (
        groupByLabel(releases.data).map((group) => <ReleaseGroup key={group.id} {...group} />)
      );
  } else if (cached.isError && fresh.isError) {
    body = <Alert severity="error">Failed to load artist data</Alert>;
  } else {
    body = <CircularProgress aria-label="Loading releases" />;
  }
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h3" sx={{ mb: 1 }}>
        Releases
      </Typography>
      <Stack spacing={3}>{body}</Stack>
    </Box>
  );
}

interface Group {
  id: string;
  name: string;
  releases: ArtistRelease[];
}

/** Releases by label, labels in site order (unknown labels last), newest release first within each. */
function groupByLabel(releases: ArtistRelease[]): Group[] {
  const groups = new Map<string, Group>();
  for (const release of releases) {
    const group = groups.get(release.label_id) ?? { id: release.label_id, name: findLabel(release.label_id)?.name ?? release.label_id, releases: [] };
    group.releases.push(release);
    groups.set(release.label_id, group);
  }
  const rank = (id: string) => {
    const index = labels.findIndex((l) => l.id === id);
    return index === -1 ? labels.length : index;
  };
  return [...groups.values()].sort((a, b) => rank(a.id) - rank(b.id));
}

function ReleaseGroup({ name, releases }: Group) {
  const heading = `${name} (${releases.length})`;
  return (
    <Box>
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700, mb: 1 }}>
        {heading}
      </Typography>
      {/* Scrolls sideways on a phone: focusable so that the keyboard can scroll it too (WCAG 2.1.1). */}
      <TableContainer tabIndex={0} role="region" aria-label={`${name} releases`} sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label={`${name} releases`} sx={{ minWidth: 640 }}>
          <TableHead>
            <TableRow>
              {['Title', 'Artists', 'Role', 'Duration', 'Released', 'Play'].map((column) => (
                <TableCell key={column} align={column === 'Play' ? 'center' : 'left'}>
                  {column}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {releases.map((release) => (
              <ReleaseRow key={release.id} release={release} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

/**
 * One credit: a track credit shows and plays that track; a release credit shows the release's
 * length and plays its tracks in order (docs/product.md §2.8).
 */
function ReleaseRow({ release }: { release: ArtistRelease }) {
  const tracks = release.tracks ?? [];
  const credited = tracks.find((t) => t.id === release.artistTrackId);
  const context = { artworkUrl: release.artwork_url, releaseTitle: releaseTitle(release) };
  const first = credited ?? tracks.find(isPlayable);
  return (
    <TableRow hover>
      <TableCell>
        <Typography variant="body2">{releaseTitle(release)}</Typography>
        {credited && (
          <Typography variant="caption" color="text.secondary">
            {trackTitle(credited)}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ color: 'text.secondary' }}>{credited ? trackArtists(credited) : creditLine(release)}</TableCell>
      <TableCell>{release.artistRole}</TableCell>
      <TableCell>{formatDuration(credited ? credited.duration_ms : releaseDuration(tracks))}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatReleaseDate(release.release_date)}</TableCell>
      <TableCell align="center">
        {first ? (
          <PlayButton track={first} queue={credited ? [credited] : tracks} context={context} />
        ) : (
          <PlayButton track={{ id: release.id, title: release.title, spotify_url: release.spotify_url, preview_url: null }} />
        )}
      </TableCell>
    </TableRow>
  );
}

const isPlayable = (track: Track) => Boolean(track.preview_url || track.spotify_url);

const namesShown = 3;

/** "A, B feat. C"; a compilation's long list stops after three names ("A, B, C +17 more"). */
function creditLine(release: ArtistRelease): string {
  const credits = release.artists ?? [];
  const main = credits.filter((c) => c.role === 'primary').map((c) => c.name);
  const featured = credits.filter((c) => c.role === 'featured').map((c) => c.name);
  if (main.length === 0 && featured.length === 0) return '—';
  if (main.length + featured.length > namesShown) {
    const names = [...main, ...featured];
    return `${names.slice(0, namesShown).join(', ')} +${names.length - namesShown} more`;
  }
  return [main.join(', '), featured.length > 0 ? `feat. ${featured.join(', ')}` : ''].filter(Boolean).join(' ');
}

/** The sum of the track lengths, or null (shown as '—') when any of them is unknown. */
function releaseDuration(tracks: Track[]): number | null {
  if (tracks.length === 0 || tracks.some((t) => t.duration_ms === null)) return null;
  return tracks.reduce((sum, t) => sum + (t.duration_ms ?? 0), 0);
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

function formatReleaseDate(date: string | null): string {
  if (!date) return '—';
  const parsed = new Date(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00Z` : date);
  return Number.isNaN(parsed.getTime()) ? date : dateFormat.format(parsed);
}
