import { Card, Grid, Skeleton } from '@mui/material';
import type { Artist } from '../../../../shared/api/catalog.js';
import { ArtistCard } from '../components/artist-card.js';

// Two cards a row on phones, up to five beside the drawer on a desktop.
const cell = { xs: 6, sm: 4, md: 3, lg: 12 / 5 } as const;
/** The first row on a desktop (two on a phone): in view without scrolling. */
const cardsInFirstView = 5;

export function ArtistsGrid({ artists, onOpen }: { artists: Artist[]; onOpen: (artist: Artist) => void }) {
  return (
    <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Artists">
      {artists.map((artist, i) => (
        <Grid key={artist.id} size={cell} component="li">
          <ArtistCard artist={artist} onClick={onOpen} isPriority={i < cardsInFirstView} />
        </Grid>
      ))}
    </Grid>
  );
}

export function ArtistsGridSkeleton({ count = 10 }: { count?: number }) {
  return (
    <Grid container spacing={2} role="status" aria-label="Loading artists">
      {Array.from({ length: count }, (_, i) => (
        <Grid key={i} size={cell}>
          <Card variant="outlined">
            <Skeleton variant="rectangular" sx={{ width: '100%', height: 'auto', aspectRatio: '1 / 1' }} />
            <Skeleton variant="text" sx={{ mx: 1.5, my: 1, fontSize: '1rem' }} />
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
