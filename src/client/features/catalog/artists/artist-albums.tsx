import { Grid, Typography } from '@mui/material';
import { useState } from 'react';
import type { ArtistRelease } from '../../../../shared/api/catalog.js';
import { ReleaseCard } from '../components/release-card.js';
import { ReleaseDetailModal } from '../components/detail-modals.js';

/** docs/product.md §2: the artist's releases as cards with their year, newest first; a card opens the release. */
export function ArtistAlbums({ releases }: { releases: ArtistRelease[] }) {
  const [opened, setOpened] = useState<{ release?: ArtistRelease; open: boolean }>({ open: false });
  if (releases.length === 0) return <Typography color="text.secondary">No releases found for this artist</Typography>;
  return (
    <>
      <Grid container spacing={2}>
        {releases.map((release) => (
          <Grid key={release.id} size={{ xs: 6, sm: 4, md: 3, lg: 12 / 5 }}>
            <ReleaseCard release={release} onClick={() => setOpened({ release, open: true })} />
          </Grid>
        ))}
      </Grid>
      <ReleaseDetailModal release={opened.release} open={opened.open} onClose={() => setOpened((o) => ({ ...o, open: false }))} />
    </>
  );
}
