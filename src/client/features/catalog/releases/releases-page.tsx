import ClearIcon from '@mui/icons-material/Clear';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import { Alert, Box, Button, Grid, IconButton, InputAdornment, OutlinedInput, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { Release } from '../../../../shared/api/catalog.js';
import { invalidLabelMessage } from '../../../../shared/labels.js';
import { topReleasesShown } from '../../../../shared/page-queries.js';
import type { LabelConfig } from '../../../../shared/site-config.js';
import { ReleaseDetailModal } from '../components/detail-modals.js';
import { releaseListQuery, releaseQuery, topReleasesQuery } from '../api/catalog-api.js';
import { NotFoundPage } from '../../../components/not-found-page.js';
import { isNotFoundError } from '../../../lib/api-client.js';
import { labelFromParam, labelPath } from '../../../lib/current-label.js';
import { useDebouncedSearch } from '../components/use-debounced-search.js';
import { usePagedList } from '../components/use-paged-list.js';
import { LatestRelease } from './latest-release.js';
import { ReleaseTypeFilter, releaseHeadings, type ReleaseTypeChoice } from './release-type-filter.js';
import { ReleasesGrid } from './releases-grid.js';
import { TopReleasesPanel } from './top-releases-panel.js';

/**
 * docs/product.md §2 "Label releases page" at /{label}/releases; the label may also be given as a prop.
 * /{label}/releases/{slug} is the same page with that release's modal open: every release has a link
 * (docs/decisions/0101; the server answers an old /{label}/releases/{id} with a redirect to it).
 */
export function ReleasesPage({ label: labelProp }: { label?: string }) {
  const params = useParams();
  const value = labelProp ?? params.label ?? '';
  const label = labelFromParam(value);
  if (!label) {
    return (
      <Box sx={{ p: { xs: 2, md: 4 } }}>
        <Alert severity="error">{invalidLabelMessage(value)}</Alert>
      </Box>
    );
  }
  // Another label is another page: its search, filter and list all start afresh.
  return <LabelReleases key={label.id} label={label} />;
}

function LabelReleases({ label }: { label: LabelConfig }) {
  const queryClient = useQueryClient();
  const [type, setType] = useState<ReleaseTypeChoice>('all');
  const search = useDebouncedSearch();
  const list = usePagedList(releaseListQuery({ label: label.id, type: type === 'all' ? undefined : type, q: search.term }));
  const navigate = useNavigate();
  const location = useLocation();
  const { releaseId } = useParams();
  // The release as the list had it when chosen (its tracks show at once); a link alone gives its slug.
  const [chosen, setChosen] = useState<Release | undefined>(undefined);
  // While the modal fades out (the URL already back at the list) it keeps showing the release it had.
  const [shownId, setShownId] = useState(releaseId);
  if (releaseId !== undefined && releaseId !== shownId) setShownId(releaseId);
  // A release reached by its link (not chosen from the list): the same answer the modal reads.
  const linked = useQuery({ ...releaseQuery(releaseId ?? ''), enabled: releaseId !== undefined && chosen?.slug !== releaseId });
  const headings = releaseHeadings(type);
  const releasesPath = labelPath(label, 'releases');
  const select = (release: Release) => {
    setChosen(release);
    void navigate(`${releasesPath}/${release.slug}`, { state: { fromList: true } });
  };
  // Opened from the list: closing goes back (the back button's place too); opened from a link: to the list.
  const close = () => void ((location.state as { fromList?: boolean } | null)?.fromList ? navigate(-1) : navigate(releasesPath));

  function refresh() {
    void list.restart();
    // Every type's list of this label (the key's first two parts).
    void queryClient.invalidateQueries({ queryKey: topReleasesQuery(label.id, topReleasesShown, 'all').queryKey.slice(0, 2) });
  }

  // An unknown release reached in the browser is the page a direct load gets with its 404 (docs/product.md §2.1).
  if (releaseId !== undefined && isNotFoundError(linked.error)) return <NotFoundPage />;
  return (
    <Box sx={{ p: { xs: 2, md: 4 }, maxWidth: 1600, mx: 'auto' }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 3 }}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
            {label.name} Releases
          </Typography>
          <Box sx={{ width: 64, height: 4, mt: 1, borderRadius: 2, bgcolor: label.accent }} />
        </Box>
        <Button variant="outlined" startIcon={<RefreshIcon />} onClick={refresh} sx={{ flexShrink: 0 }}>
          Refresh
        </Button>
      </Stack>

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 4, alignItems: { md: 'center' } }}>
        {/* The outlined input itself, not TextField: a box without a label needs none of TextField's Select. */}
        <OutlinedInput
          value={search.input}
          onChange={(event) => search.setInput(event.target.value)}
          placeholder="Search releases..."
          size="small"
          sx={{ width: { xs: '100%', md: 360 } }}
          slotProps={{ input: { 'aria-label': 'Search releases' } }}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          }
          endAdornment={
            search.input ? (
              <InputAdornment position="end">
                <IconButton aria-label="Clear search" size="small" edge="end" onClick={search.clear}>
                  <ClearIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : undefined
          }
        />
        <ReleaseTypeFilter value={type} onChange={setType} />
      </Stack>

      {/* docs/product.md §2.6: a search shows its results (or its no-match message) right under the box. */}
      {!search.term && (
        <Grid container spacing={3} sx={{ mb: 5 }}>
          <Grid size={{ xs: 12, md: 4 }}>
            <LatestRelease release={list.items[0]} isLoading={list.isFirstLoad} accent={label.accent} onSelect={select} />
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <TopReleasesPanel label={label.id} type={type} heading={headings.top} onSelect={select} />
          </Grid>
        </Grid>
      )}

      <ReleasesGrid heading={headings.all} list={list} searchTerm={search.term} onClearSearch={search.clear} onSelect={select} />

      <ReleaseDetailModal
        release={chosen?.slug === shownId ? chosen : undefined}
        releaseId={shownId}
        open={releaseId !== undefined}
        onClose={close}
      />
    </Box>
  );
}
