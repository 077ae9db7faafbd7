import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Alert, Box, Button, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import type { Artist } from '../../../../shared/api/catalog.js';
import { invalidLabelMessage } from '../../../../shared/labels.js';
import type { LabelConfig } from '../../../../shared/site-config.js';
import { ArtistImage } from '../components/artist-image.js';
import { NotFoundPage } from '../../../components/not-found-page.js';
import { ShareButton } from '../../../components/share-button.js';
import { isNotFoundError } from '../../../lib/api-client.js';
import { artistReleasesShown } from '../../../../shared/page-queries.js';
import { artistQuery, artistReleasesQuery } from '../api/catalog-api.js';
import { labelFromParam, labelPath } from '../../../lib/current-label.js';
import { ArtistAlbums } from './artist-albums.js';
import { TopTracks } from './top-tracks.js';

const followerFormat = new Intl.NumberFormat('en');

/** docs/product.md §2 artist detail page at /:label/artists/:id. */
export function ArtistDetailPage() {
  const { label: labelParam, id } = useParams();
  const label = labelFromParam(labelParam);
  if (!label) return <Alert severity="error">{invalidLabelMessage(labelParam ?? '')}</Alert>;
  if (!id) return <Alert severity="error">Artist ID not provided</Alert>;
  return <ArtistProfile key={id} id={id} label={label} />;
}

function ArtistProfile({ id, label }: { id: string; label: LabelConfig }) {
  const artist = useQuery(artistQuery(id));
  const releases = useQuery(artistReleasesQuery(id, artistReleasesShown));
  const back = (
    <Button component={RouterLink} to={labelPath(label, 'artists')} startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
      {label.name} Artists
    </Button>
  );

  if (artist.isPending) {
    return (
      <Box sx={{ px: { xs: 2, md: 4 }, py: 4 }}>
        {back}
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading artist" />
        </Box>
      </Box>
    );
  }
  // An unknown artist reached in the browser is the page a direct load gets with its 404 (docs/product.md §2.1).
  if (isNotFoundError(artist.error)) return <NotFoundPage />;
  if (artist.isError) {
    return (
      <Box sx={{ px: { xs: 2, md: 4 }, py: 4 }}>
        {back}
        <Alert severity="error">Failed to load artist data</Alert>
      </Box>
    );
  }

  const credits = releases.data?.data ?? [];
  return (
    <Box component="article" sx={{ px: { xs: 2, md: 4 }, py: { xs: 2, md: 4 } }}>
      {back}
      <ArtistHeader artist={artist.data.data} accent={label.accent} path={`${labelPath(label, 'artists')}/${id}`} />
      <Box component="section" aria-labelledby="top-tracks" sx={{ mt: 4 }}>
        <Typography id="top-tracks" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
          Top Tracks
        </Typography>
        {releases.isError ? (
          <Alert severity="error">Failed to load artist data</Alert>
        ) : releases.isPending ? (
          <CircularProgress aria-label="Loading top tracks" size={28} />
        ) : (
          <TopTracks artistId={id} releases={credits} />
        )}
      </Box>
      <Box component="section" aria-labelledby="albums" sx={{ mt: 4 }}>
        <Typography id="albums" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
          Albums
        </Typography>
        {releases.isSuccess && <ArtistAlbums releases={credits} />}
      </Box>
    </Box>
  );
}

function ArtistHeader({ artist, accent, path }: { artist: Artist; accent: string; path: string }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { xs: 'center', sm: 'flex-end' } }}>
      <Box sx={{ width: { xs: 200, md: 240 }, flexShrink: 0 }}>
        <ArtistImage src={artist.image_url} alt={artist.name} shape="circle" isPriority sizes="(min-width: 900px) 240px, 200px" sx={{ boxShadow: `0 0 0 3px ${accent}` }} />
      </Box>
      <Stack spacing={1.5} sx={{ minWidth: 0, alignItems: { xs: 'center', sm: 'flex-start' }, textAlign: { xs: 'center', sm: 'left' } }}>
        <Typography variant="h3" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '2rem', md: '3rem' }, wordBreak: 'break-word' }}>
          {artist.name}
        </Typography>
        {/* docs/product.md §10.8: a follower count the catalog does not know is left out, never made up. */}
        {artist.followers !== null && (
          <Typography color="text.secondary">{followerFormat.format(artist.followers)} followers</Typography>
        )}
        {artist.genres.length > 0 && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: { xs: 'center', sm: 'flex-start' } }}>
            {artist.genres.map((genre) => (
              <Chip key={genre} label={genre} size="small" variant="outlined" />
            ))}
          </Stack>
        )}
        {artist.spotify_url && (
          <Button variant="contained" href={artist.spotify_url} target="_blank" rel="noopener noreferrer" endIcon={<OpenInNewIcon />}>
            Listen on Spotify
          </Button>
        )}
        <ShareButton path={path} title={artist.name} />
        {artist.bio && (
          <Typography color="text.secondary" sx={{ maxWidth: 720, whiteSpace: 'pre-line' }}>
            {artist.bio}
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}
