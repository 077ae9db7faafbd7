import { Alert, Box, ButtonBase, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { RankedRelease } from '../../../../shared/api/catalog.js';
import { ReleaseArtwork } from '../components/release-artwork.js';
import { artistNames } from '../components/release-card.js';
import { releaseTitle } from '../../../../shared/domain/release-display.js';
import { topReleasesShown } from '../../../../shared/page-queries.js';
import { topReleasesQuery } from '../api/catalog-api.js';
import type { ReleaseTypeChoice } from './release-type-filter.js';

/** docs/product.md §9: the top list holds 10 releases. */

function TopReleaseRow({ release, position, onSelect }: { release: RankedRelease; position: number; onSelect: (release: RankedRelease) => void }) {
  const artists = artistNames(release);
  return (
    <Box component="li">
      <ButtonBase
        onClick={() => onSelect(release)}
        sx={{ width: '100%', justifyContent: 'flex-start', gap: 1.5, p: 1, borderRadius: 1, textAlign: 'left', '&:hover': { bgcolor: 'action.hover' } }}
      >
        <Typography component="span" sx={{ width: 24, flexShrink: 0, textAlign: 'right', color: 'text.secondary', fontWeight: 700 }}>
          {position}
        </Typography>
        <Box sx={{ width: 48, flexShrink: 0 }}>
          <ReleaseArtwork title={release.title} artworkUrl={release.artwork_url} />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography noWrap sx={{ fontWeight: 600 }}>
            {releaseTitle(release)}
          </Typography>
          {artists && (
            <Typography variant="body2" color="text.secondary" noWrap>
              {artists}
            </Typography>
          )}
        </Box>
      </ButtonBase>
    </Box>
  );
}

/** docs/product.md §2.6 'Top Releases' (Top Albums, Top Singles…): the label's top 10 of the chosen type, ranked by the server. */
export function TopReleasesPanel({
  label,
  type,
  heading,
  onSelect,
}: {
  label: string;
  type: ReleaseTypeChoice;
  heading: string;
  onSelect: (release: RankedRelease) => void;
}) {
  const top = useQuery(topReleasesQuery(label, topReleasesShown, type));
  const releases = top.data?.data ?? [];
  return (
    <Paper component="section" variant="outlined" aria-labelledby="top-releases-heading" sx={{ p: 2, height: '100%' }}>
      <Typography id="top-releases-heading" variant="h5" component="h2" gutterBottom sx={{ fontWeight: 700 }}>
        {heading}
      </Typography>
      {top.isPending && (
        <Stack spacing={1}>
          {[0, 1, 2, 3, 4].map((n) => (
            <Skeleton key={n} variant="rounded" height={56} />
          ))}
        </Stack>
      )}
      {top.isError && <Alert severity="error">Unable to load top releases</Alert>}
      {top.isSuccess && releases.length === 0 && <Alert severity="info">No top releases found</Alert>}
      {releases.length > 0 && (
        <Box
          component="ol"
          aria-label={heading}
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            columnGap: 2,
            // Two columns on wide screens, read top to bottom like a chart.
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            gridTemplateRows: { md: `repeat(${Math.ceil(releases.length / 2)}, auto)` },
            gridAutoFlow: { md: 'column' },
          }}
        >
          {releases.map((release, index) => (
            <TopReleaseRow key={release.id} release={release} position={index + 1} onSelect={onSelect} />
          ))}
        </Box>
      )}
    </Paper>
  );
}
