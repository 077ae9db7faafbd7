import { Box, Card, CardActionArea, Chip, Skeleton, Stack, Typography } from '@mui/material';
import type { Release } from '../../../../shared/api/catalog.js';
import { ReleaseArtwork } from '../components/release-artwork.js';
import { artistNames, outLabel } from '../components/release-card.js';
import { releaseDay, releaseTitle } from '../../../../shared/domain/release-display.js';

/** docs/product.md §2 'Latest Release': the newest release of the list as it is filtered now. */
export function LatestRelease({
  release,
  isLoading,
  accent,
  onSelect,
}: {
  release: Release | undefined;
  isLoading: boolean;
  accent: string;
  onSelect: (release: Release) => void;
}) {
  return (
    <Box component="section" aria-labelledby="latest-release-heading" sx={{ height: '100%' }}>
      <Typography id="latest-release-heading" variant="h5" component="h2" gutterBottom sx={{ fontWeight: 700 }}>
        Latest Release
      </Typography>
      {isLoading && <Skeleton variant="rounded" sx={{ width: '100%', aspectRatio: '1 / 1', height: 'auto' }} />}
      {!isLoading && !release && <Typography color="text.secondary">No release to show.</Typography>}
      {release && (
        <Card variant="outlined" sx={{ borderColor: accent }}>
          <CardActionArea onClick={() => onSelect(release)} sx={{ p: 2 }}>
            <Stack direction={{ xs: 'row', md: 'column' }} spacing={2} sx={{ alignItems: { xs: 'center', md: 'stretch' } }}>
              <Box sx={{ width: { xs: 112, md: '100%' }, flexShrink: 0 }}>
                <ReleaseArtwork title={release.title} artworkUrl={release.artwork_url} isPriority sizes="(min-width: 900px) 25vw, 112px" />
              </Box>
              <Stack spacing={0.5} sx={{ minWidth: 0 }}>
                <Typography variant="h6" component="div" sx={{ fontWeight: 700, lineHeight: 1.25, overflowWrap: 'anywhere' }}>
                  {releaseTitle(release)}
                </Typography>
                {artistNames(release) && <Typography color="text.secondary">{artistNames(release)}</Typography>}
                {outLabel(release) ? (
                  <Chip label={outLabel(release)} size="small" color="primary" sx={{ alignSelf: 'flex-start', fontWeight: 700 }} />
                ) : (
                  release.release_date && (
                    <Typography variant="body2" sx={{ color: 'text.disabled' }}>
                      {releaseDay(release.release_date)}
                    </Typography>
                  )
                )}
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, pt: 0.5 }}>
                  <Chip label={release.type} size="small" sx={{ textTransform: 'capitalize' }} />
                  {release.genres.slice(0, 2).map((genre) => (
                    <Chip key={genre} label={genre} size="small" variant="outlined" />
                  ))}
                </Stack>
              </Stack>
            </Stack>
          </CardActionArea>
        </Card>
      )}
    </Box>
  );
}
