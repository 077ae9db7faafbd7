import { Box, Card, CardActionArea, Chip, Typography } from '@mui/material';
import type { Release } from '../../../../shared/api/catalog.js';
import { ReleaseArtwork } from './release-artwork.js';

export type ReleaseCardRelease = Pick<Release, 'id' | 'title' | 'artwork_url' | 'release_date' | 'type' | 'artists'>;

/** Names of a release's artists, joined ("A, B"); empty when the release has none listed. */
export function artistNames(release: Pick<Release, 'artists'>): string {
  return (release.artists ?? []).map((a) => a.name).join(', ');
}

/** The year of a release date ("2024-03-01" → "2024"); undefined when unknown. */
export function releaseYear(release: Pick<Release, 'release_date'>): string | undefined {
  return release.release_date?.slice(0, 4) || undefined;
}

/** A release in a grid: cover art, title, artists, year and a chip for compilations. */
export function ReleaseCard<R extends ReleaseCardRelease>({ release, onClick }: { release: R; onClick?: (release: R) => void }) {
  const artists = artistNames(release);
  const year = releaseYear(release);
  const content = (
    <Box sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1, height: '100%' }}>
      <Box sx={{ position: 'relative' }}>
        <ReleaseArtwork title={release.title} artworkUrl={release.artwork_url} />
        {release.type === 'compilation' && (
          <Chip
            label="Compilation"
            size="small"
            sx={{ position: 'absolute', top: 8, left: 8, bgcolor: 'rgba(0, 0, 0, 0.75)', color: '#fff', fontWeight: 600 }}
          />
        )}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle1" component="div" noWrap title={release.title} sx={{ fontWeight: 600, lineHeight: 1.3 }}>
          {release.title}
        </Typography>
        {artists && (
          <Typography variant="body2" color="text.secondary" noWrap title={artists}>
            {artists}
          </Typography>
        )}
        {year && (
          <Typography variant="caption" sx={{ color: 'text.disabled' }}>
            {year}
          </Typography>
        )}
      </Box>
    </Box>
  );
  return (
    <Card variant="outlined" sx={{ height: '100%', bgcolor: 'background.paper', transition: 'border-color 120ms', '&:hover': { borderColor: 'primary.main' } }}>
      {onClick ? (
        <CardActionArea onClick={() => onClick(release)} sx={{ height: '100%', alignItems: 'stretch' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}
