import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  Chip,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  Skeleton,
  Stack,
  Typography,
  type Theme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ArtistCredit, Release } from '../../../../shared/api/catalog.js';
import { findLabel } from '../../../../shared/labels.js';
import { releaseQuery } from '../api/catalog-api.js';
import { labelPath } from '../../../lib/current-label.js';
import { EarlyListen } from '../../../lib/member-perks-slot.js';
import { BuyRelease } from '../../../lib/shop-slot.js';
import { useIsHydrating } from '../../../lib/use-is-hydrating.js';
import { ShareButton } from '../../../components/share-button.js';
import { ArtistImage } from './artist-image.js';
import { ReleaseArtwork } from './release-artwork.js';
import { NotifyMe } from './notify-me.js';
import { TrackTable } from './track-table.js';
import { artistNames } from './release-card.js';
import { ReleaseCountdown } from './release-countdown.js';
import { StoreLinks } from './store-links.js';
import { releaseDay, releaseTitle } from '../../../../shared/domain/release-display.js';
import { releaseTypeNames } from '../../../../shared/domain/release-type.js';

export interface ReleaseDetailModalProps {
  /** The release as the caller has it (a list item, a top release…); its tracks may be missing. */
  release?: Release;
  /** Or only its slug (or id): the modal fetches the release. */
  releaseId?: string;
  open: boolean;
  onClose: () => void;
}

/** docs/product.md §2: a release without its track list is fetched whole before the tracks are shown. */
export function needsFullRelease(release: Release | undefined): boolean {
  return !release || !release.tracks || (release.tracks.length === 0 && release.total_tracks > 0);
}

// Following an artist leaves the page that holds this modal, which closes it with the page.
function ArtistTile({ artist, artistsPath }: { artist: ArtistCredit; artistsPath?: string }) {
  const body = (
    <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', minWidth: 0 }}>
      <ArtistImage src={artist.image_url} alt="" shape="circle" sizes="72px" sx={{ width: 72 }} />
      <Typography variant="body2" sx={{ fontWeight: 600, maxWidth: '100%', overflowWrap: 'anywhere' }}>
        {artist.name}
      </Typography>
      {artist.role !== 'primary' && (
        <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'capitalize' }}>
          {artist.role}
        </Typography>
      )}
    </Stack>
  );
  if (!artistsPath) return body;
  return (
    <Link component={RouterLink} to={`${artistsPath}/${encodeURIComponent(artist.id)}`} underline="none" color="inherit">
      {body}
    </Link>
  );
}

// Full screen below 900 px by CSS (Dialog's fullScreen, as a breakpoint): the server cannot know the width.
const fullScreenOnPhones = (theme: Theme) => ({
  [theme.breakpoints.down('md')]: { m: 0, width: '100%', maxWidth: '100%', height: '100%', maxHeight: 'none', borderRadius: 0 },
});

/** What DJs and collectors look a release up by (issue 35): its full release date, format, catalog number and UPC, where known. */
function ReleaseFacts({ release }: { release: Release }) {
  const facts = [
    ['Released', release.release_date && releaseDay(release.release_date)],
    ['Format', releaseTypeNames[release.type]],
    ['Catalog number', release.catalog_number],
    ['UPC', release.upc],
  ].filter((fact): fact is [string, string] => Boolean(fact[1]));
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 1.5, rowGap: 0.25 }}>
      {facts.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * docs/product.md §2 "Release detail modal": cover, title, release date, format, catalog number and UPC, label and genre chips, tracks, artists.
 * Drawn in place, not in a portal, so that a release link's first HTML holds it (decision 0022); a
 * modal the server drew open shows at once instead of fading in again when the page hydrates.
 */
export function ReleaseDetailModal({ release, releaseId, open, onClose }: ReleaseDetailModalProps) {
  const appear = !useIsHydrating();
  const titleId = useId();
  const id = release?.id ?? releaseId;
  const mustFetch = needsFullRelease(release);
  const full = useQuery({ ...releaseQuery(id ?? ''), enabled: open && mustFetch && Boolean(id) });
  const shown = mustFetch ? (full.data?.data ?? release) : release;
  const label = shown ? findLabel(shown.label_id) : undefined;
  const tracksReady = shown !== undefined && !needsFullRelease(shown);
  const artists = shown?.artists ?? [];
  const title = shown ? releaseTitle(shown) : 'Release';

  return (
    <Dialog
      open={open}
      onClose={onClose}
      disablePortal
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: fullScreenOnPhones }, transition: { appear }, backdrop: { appear } }}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {title}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        <Stack direction="row" spacing={{ xs: 2, sm: 3 }} sx={{ mb: 3 }}>
          <Box sx={{ width: { xs: 120, sm: 220 }, flexShrink: 0 }}>
            {shown ? <ReleaseArtwork title={shown.title} artworkUrl={shown.artwork_url} isPriority sizes="(min-width: 600px) 220px, 120px" /> : <Skeleton variant="rounded" sx={{ aspectRatio: '1 / 1', height: 'auto' }} />}
          </Box>
          <Stack spacing={1.5} sx={{ minWidth: 0 }}>
            {shown && artistNames(shown) && (
              <Typography variant="h6" component="p" sx={{ fontSize: { xs: '1rem', sm: '1.25rem' }, overflowWrap: 'anywhere' }}>
                {artistNames(shown)}
              </Typography>
            )}
            {shown?.upcoming ? <ReleaseCountdown release={shown} /> : shown && <ReleaseFacts release={shown} />}
            {shown?.upcoming && <EarlyListen release={shown} tracks={tracksReady ? (shown.tracks ?? []) : []} />}
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {label && <Chip label={label.name} size="small" sx={{ bgcolor: label.accent, color: '#000', fontWeight: 600 }} />}
              {shown?.genres.map((genre) => <Chip key={genre} label={genre} size="small" variant="outlined" />)}
            </Stack>
            {shown?.spotify_url && (
              <Link href={shown.spotify_url} target="_blank" rel="noopener noreferrer">
                Open on Spotify
              </Link>
            )}
            {shown && <BuyRelease release={shown} />}
            {shown && <StoreLinks links={shown.links} releaseTitle={title} />}
            {shown && label && <ShareButton path={`${labelPath(label, 'releases')}/${shown.slug}`} title={title} />}
          </Stack>
        </Stack>
        {/* Below the cover and its facts, as wide as the dialog: beside a phone's cover it was a 90 px field. */}
        {shown?.upcoming && (
          <Box sx={{ mb: 3 }}>
            <NotifyMe releaseId={shown.id} />
          </Box>
        )}

        <Typography variant="h6" component="h3" gutterBottom>
          Tracks
        </Typography>
        {mustFetch && full.isError && !tracksReady && <Alert severity="error">Unable to load the track list. Please try again later.</Alert>}
        {!tracksReady && !full.isError && (
          <Stack spacing={1} aria-label="Loading tracks">
            {[0, 1, 2].map((n) => <Skeleton key={n} variant="rounded" height={36} />)}
          </Stack>
        )}
        {/* Only tracks that exist, with their real lengths: never a placeholder row (docs/decisions/0101). */}
        {tracksReady && shown && (shown.tracks ?? []).length === 0 && (
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            No tracks available for this release.
          </Typography>
        )}
        {tracksReady && shown && (shown.tracks ?? []).length > 0 && (
          <TrackTable
            playContext={{ artworkUrl: shown.artwork_url, releaseTitle: title }}
            tracks={shown.tracks ?? []}
            label={`Tracks of ${title}`}
            trackAction={(track) => <BuyRelease release={shown} track={track} />}
          />
        )}

        {artists.length > 0 && (
          <Box sx={{ mt: 4 }}>
            <Typography variant="h6" component="h3" gutterBottom>
              Artists
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(3, 1fr)', sm: 'repeat(auto-fill, minmax(120px, 1fr))' } }}>
              {artists.map((artist) => (
                <ArtistTile key={artist.id} artist={artist} artistsPath={label ? labelPath(label, 'artists') : undefined} />
              ))}
            </Box>
          </Box>
        )}
      </DialogContent>
    </Dialog>
  );
}
