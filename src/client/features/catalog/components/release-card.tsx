import { Box, Card, CardActionArea, Chip, Typography } from '@mui/material';
import type { Release } from '../../../../shared/api/catalog.js';
import { releaseArtists, releaseDay, releaseTitle } from '../../../../shared/domain/release-display.js';
import { ReleaseArtwork } from './release-artwork.js';

export type ReleaseCardRelease = Pick<Release, 'id' | 'title' | 'version' | 'artwork_url' | 'release_date' | 'type' | 'artists' | 'upcoming'>;

/**
 * Names of a release's artists, joined ("A, B"); a compilation's is "Various Artists" (its track
 * artists show in its track list); empty when the release has none listed.
 */
export function artistNames(release: Pick<Release, 'artists' | 'type'>): string {
  return releaseArtists({ type: release.type, artists: release.artists ?? [] })
    .map((a) => a.name)
    .join(', ');
}

/** "Out 25 November 2026" ("Out 25 Nov 2026" where room is short) for an upcoming release; undefined for one that is out. */
export function outLabel(release: Pick<Release, 'upcoming' | 'release_date'>, month: 'long' | 'short' = 'long'): string | undefined {
  return release.upcoming && release.release_date ? `Out ${releaseDay(release.release_date, month)}` : undefined;
}

/** The year of a release date ("2024-03-01" → "2024"); undefined when unknown. */
export function releaseYear(release: Pick<Release, 'release_date'>): string | undefined {
  return release.release_date?.slice(0, 4) || undefined;
}

/** A release in a grid: cover art, title with its version, artists, year (or "Out {date}") and a chip for compilations. */
export function ReleaseCard<R extends ReleaseCardRelease>({ release, onClick }: { release: R; onClick?: (release: R) => void }) {
  const artists = artistNames(release);
  const year = releaseYear(release);
  const title = releaseTitle(release);
  // A card is two to a row on a phone: the short month fits.
  const out = outLabel(release, 'short');
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
        <Typography variant="subtitle1" component="div" noWrap title={title} sx={{ fontWeight: 600, lineHeight: 1.3 }}>
          {title}
        </Typography>
        {artists && (
          <Typography variant="body2" color="text.secondary" noWrap title={artists}>
            {artists}
          </Typography>
        )}
        {out ? (
          <Chip label={out} size="small" color="primary" sx={{ mt: 0.5, fontWeight: 700 }} />
        ) : (
          year && (
            <Typography variant="caption" sx={{ color: 'text.disabled' }}>
              {year}
            </Typography>
          )
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
