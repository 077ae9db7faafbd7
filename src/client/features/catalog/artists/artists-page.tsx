import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import { Alert, Box, Button, InputAdornment, OutlinedInput, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import type { Artist } from '../../../../shared/api/catalog.js';
import { invalidLabelMessage } from '../../../../shared/labels.js';
import type { LabelConfig } from '../../../../shared/site-config.js';
import { ArtistDetailModal } from '../components/detail-modals.js';
import { ApiError } from '../../../lib/api-client.js';
import { labelArtistsQuery } from '../api/catalog-api.js';
import { labelFromParam, labelPath } from '../../../lib/current-label.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import { useInView } from '../../../lib/use-in-view.js';
import { ArtistsGrid, ArtistsGridSkeleton } from './artists-grid.js';

const revealStep = 10;
const searchDelayMs = 300;

/** docs/product.md §2 artists page at /:label/artists. */
export function ArtistsPage() {
  const { label: param } = useParams();
  const label = labelFromParam(param);
  if (!label) return <Alert severity="error">{invalidLabelMessage(param ?? '')}</Alert>;
  // A new label starts afresh: search, revealed count and open dialog.
  return <LabelArtists key={label.id} label={label} />;
}

function LabelArtists({ label }: { label: LabelConfig }) {
  const query = useQuery(labelArtistsQuery(label.id));
  const [term, setTerm] = useState('');
  const search = useDebouncedValue(term.trim().toLowerCase(), searchDelayMs);
  const [opened, setOpened] = useState<{ artist: Artist | null; open: boolean }>({ artist: null, open: false });

  const matches = useMemo(
    () => (query.data ?? []).filter((artist) => artist.name.toLowerCase().includes(search)),
    [query.data, search],
  );

  // docs/product.md §4: the visible count starts at min(10, matches) and starts again with every new search.
  const [reveal, setReveal] = useState({ search, steps: 1 });
  const steps = reveal.search === search ? reveal.steps : 1;
  const visible = Math.min(matches.length, steps * revealStep);
  const hasMore = visible < matches.length;
  const showMore = () => setReveal({ search, steps: steps + 1 });
  const trigger = useInView<HTMLDivElement>(showMore, { enabled: hasMore, revision: visible });

  const isRefetching = query.isFetching && query.data !== undefined;

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
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            placeholder="Search by artist name..."
            sx={{ flex: 1, minWidth: { sm: 280 } }}
            slotProps={{ input: { 'aria-label': 'Search by artist name' } }}
            startAdornment={
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            }
          />
          <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => void query.refetch()} disabled={query.isFetching}>
            Refresh
          </Button>
        </Stack>
      </Stack>

      {isRefetching && (
        <Typography role="status" color="text.secondary" sx={{ mb: 2 }}>
          Updating artists...
        </Typography>
      )}
      {query.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(query.error)}
        </Alert>
      )}

      {query.isPending && <ArtistsGridSkeleton />}
      {query.data && matches.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          No artists match your search
        </Typography>
      )}
      {matches.length > 0 && (
        <>
          <ArtistsGrid artists={matches.slice(0, visible)} onOpen={(artist) => setOpened({ artist, open: true })} />
          <Box ref={trigger} sx={{ py: 3, textAlign: 'center' }}>
            {hasMore ? (
              <Button variant="outlined" onClick={showMore}>
                Load More Artists
              </Button>
            ) : (
              <Typography color="text.secondary">All artists loaded</Typography>
            )}
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
