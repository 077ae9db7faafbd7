import { Alert, Box, Button, CircularProgress, Skeleton, Stack, Typography } from '@mui/material';
import type { Release } from '../../../../shared/api/catalog.js';
import { ReleaseCard } from '../components/release-card.js';
import { InvalidAnswerError } from '../../../lib/api-client.js';
import { useInView } from '../../../lib/use-in-view.js';
import type { PagedList } from '../components/use-paged-list.js';

/** docs/product.md §8 releases page messages: bad data from the API reads differently from a failed call. */
function releasesErrorMessage(error: unknown): string {
  return error instanceof InvalidAnswerError ? 'Invalid releases data' : 'Failed to load releases. Please try again.';
}

const gridColumns = {
  xs: 'repeat(2, minmax(0, 1fr))',
  sm: 'repeat(3, minmax(0, 1fr))',
  md: 'repeat(4, minmax(0, 1fr))',
  lg: 'repeat(5, minmax(0, 1fr))',
};

/** docs/product.md §2 'All Releases' grid with Show More, infinite scroll and its end and empty states. */
export function ReleasesGrid({
  heading,
  list,
  searchTerm,
  onClearSearch,
  onSelect,
}: {
  heading: string;
  list: PagedList<Release>;
  searchTerm: string | undefined;
  onClearSearch: () => void;
  onSelect: (release: Release) => void;
}) {
  const trigger = useInView<HTMLDivElement>(list.loadMore, {
    enabled: list.canLoadMore,
    revision: `${list.visibleItems.length}/${list.items.length}`,
  });
  const isEmpty = !list.isFirstLoad && !list.error && list.items.length === 0;

  return (
    <Box component="section" aria-labelledby="all-releases-heading">
      <Typography id="all-releases-heading" variant="h5" component="h2" gutterBottom sx={{ fontWeight: 700 }}>
        {heading}
      </Typography>

      {list.error !== null && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void list.retry()}>
              Try Again
            </Button>
          }
        >
          {releasesErrorMessage(list.error)}
        </Alert>
      )}

      {isEmpty && searchTerm !== undefined && (
        <Stack spacing={2} sx={{ alignItems: 'center', py: 6, textAlign: 'center' }}>
          <Typography>No matches found for &quot;{searchTerm}&quot;</Typography>
          <Button variant="outlined" onClick={onClearSearch}>
            Clear Search
          </Button>
        </Stack>
      )}
      {isEmpty && searchTerm === undefined && (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          No releases found
        </Typography>
      )}

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: gridColumns }}>
        {list.visibleItems.map((release) => (
          <ReleaseCard key={release.id} release={release} onClick={onSelect} />
        ))}
        {list.isFirstLoad &&
          Array.from({ length: 10 }, (_, n) => (
            <Skeleton key={n} variant="rounded" data-testid="release-skeleton" sx={{ height: 'auto', aspectRatio: '3 / 4' }} />
          ))}
      </Box>

      {list.isLoadingMore && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', alignItems: 'center', py: 3 }}>
          <CircularProgress size={20} />
          <Typography color="text.secondary">Loading more releases…</Typography>
        </Stack>
      )}
      {list.canLoadMore && (
        <Stack sx={{ alignItems: 'center', py: 3 }}>
          <Box ref={trigger} aria-hidden sx={{ height: 1, width: '100%' }} />
          <Button variant="outlined" onClick={list.loadMore}>
            Show More
          </Button>
        </Stack>
      )}
      {list.isExhausted && list.items.length > 0 && (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          No more releases to load
        </Typography>
      )}
    </Box>
  );
}
