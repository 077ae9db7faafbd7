import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import { Alert, Box, Button, CircularProgress, InputAdornment, OutlinedInput, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { Artist } from '../../../../shared/api/catalog.js';
import { invalidLabelMessage } from '../../../../shared/labels.js';
import type { LabelConfig } from '../../../../shared/site-config.js';
import { ArtistDetailModal } from '../components/detail-modals.js';
import { ApiError } from '../../../lib/api-client.js';
import { artistListQuery } from '../api/catalog-api.js';
import { useDebouncedSearch } from '../components/use-debounced-search.js';
import { usePagedList } from '../components/use-paged-list.js';
import { labelFromParam, labelPath } from '../../../lib/current-label.js';
import { useInView } from '../../../lib/use-in-view.js';
import { ArtistsGrid, ArtistsGridSkeleton } from './artists-grid.js';

/** docs/product.md §2 artists page at /:label/artists. */
export function ArtistsPage() {
  const { label: param } = useParams();
  const label = labelFromParam(param);
  if (!label) return <Alert severity="error">{invalidLabelMessage(param ?? '')}</Alert>;
  // A new label starts afresh: search, revealed count and open dialog.
  return <LabelArtists key={label.id} label={label} />;
}

function LabelArtists({ label }: { label: LabelConfig }) {
  // docs/product.md §4.4: searched and paged on the server (the term in the URL, as on the releases
  // page); the visible count starts at min(10, matches) and starts again with every new search.
  const search = useDebouncedSearch();
  const list = usePagedList(artistListQuery({ label: label.id, q: search.term }));
  const [opened, setOpened] = useState<{ artist: Artist | null; open: boolean }>({ artist: null, open: false });
  const trigger = useInView<HTMLDivElement>(list.loadMore, {
    enabled: list.canLoadMore,
    revision: `${list.visibleItems.length}/${list.items.length}`,
  });
  const isEmpty = !list.isFirstLoad && !list.error && list.items.length === 0;

  return (
    <Box component="section" sx={{ px: { xs: 2, md: 4 }, py: { xs: 2, md: 4 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3, alignItems: { sm: 'center' } }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, flex: 1, borderLeft: 4, borderColor: label.accent, pl: 1.5 }}>
          {label.name} Artists
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {/* The outlined input itself, not TextField: a box without a label needs none of TextField's Select. */}
          <OutlinedInput
            size="small"
            value={search.input}
            onChange={(event) => search.setInput(event.target.value)}
            placeholder="Search by artist name..."
            sx={{ flex: 1, minWidth: { sm: 280 } }}
            slotProps={{ input: { 'aria-label': 'Search by artist name' } }}
            startAdornment={
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            }
          />
          <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => void list.refresh()} disabled={list.isRefreshing || list.isFirstLoad}>
            Refresh
          </Button>
        </Stack>
      </Stack>

      {list.isRefreshing && (
        <Typography role="status" color="text.secondary" sx={{ mb: 2 }}>
          Updating artists...
        </Typography>
      )}
      {list.error !== null && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void list.retry()}>
              Retry
            </Button>
          }
        >
          {errorMessage(list.error)}
        </Alert>
      )}

      {list.isFirstLoad && <ArtistsGridSkeleton />}
      {isEmpty && (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          No artists match your search
        </Typography>
      )}
      {list.items.length > 0 && (
        <>
          <ArtistsGrid artists={list.visibleItems} onOpen={(artist) => setOpened({ artist, open: true })} />
          <Box ref={trigger} sx={{ py: 3, textAlign: 'center' }}>
            {list.canLoadMore && (
              <Button variant="outlined" onClick={list.loadMore}>
                Load More Artists
              </Button>
            )}
            {list.isLoadingMore && <CircularProgress size={24} aria-label="Loading more artists" />}
            {list.isExhausted && <Typography color="text.secondary">All artists loaded</Typography>}
          </Box>
        </>
      )}

      <ArtistDetailModal
        artist={opened.artist}
        open={opened.open}
        onClose={() => setOpened((current) => ({ ...current, open: false }))}
        pageHref={opened.artist ? `${labelPath(label, 'artists')}/${encodeURIComponent(opened.artist.id)}` : undefined}
      />
    </Box>
  );
}

/** docs/product.md §8: the service's own message where it gave one, else the page's. */
function errorMessage(error: Error): string {
  return error instanceof ApiError && error.status < 500 ? error.message : 'Failed to load artists. Please try again later.';
}
