import { Alert, Box, Button, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { Artist, Release } from '../../../../shared/api/catalog.js';
import { defaultLabel } from '../../../../shared/labels.js';
import { landingReleasesShown } from '../../../../shared/page-queries.js';
import type { LabelConfig } from '../../../../shared/site-config.js';
import { currentSiteSettings } from '../../../../shared/site-settings.js';
import { ArtistCard } from '../components/artist-card.js';
import { NotFoundPage } from '../../../components/not-found-page.js';
import { ReleaseCard } from '../components/release-card.js';
import { ArtistDetailModal, ReleaseDetailModal } from '../components/detail-modals.js';
import { artistListQuery, releasesQuery } from '../api/catalog-api.js';
import { labelFromParam, labelPath } from '../../../lib/current-label.js';
import { accentText } from '../../../lib/readable-colour.js';

/** The landing page's top: the label's logo (when uploaded), name, tagline, story and accent (the admin's Site tab previews it). */
export function LandingHero({ label }: { label: LabelConfig & { logo: string | null } }) {
  const isParent = label.id === defaultLabel.id;
  return (
    <Box
      component="section"
      sx={{
        px: { xs: 2, md: 6 },
        py: { xs: 6, md: 10 },
        background: `radial-gradient(circle at 20% 0%, ${label.accent}33, transparent 60%)`,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {/* The name heads the page beside it: the picture adds nothing a screen reader should say twice. */}
      {label.logo && <Box component="img" src={label.logo} alt="" sx={{ display: 'block', maxHeight: 72, maxWidth: 'min(100%, 320px)', mb: 2, objectFit: 'contain' }} />}
      <Typography variant="h2" component="h1" sx={{ fontWeight: 900, fontSize: { xs: 40, md: 64 }, lineHeight: 1.05 }}>
        {label.name}
      </Typography>
      <Typography variant="h5" component="p" sx={{ color: (t) => accentText(t, label.accent), mt: 1.5, fontWeight: 600 }}>
        {label.tagline}
      </Typography>
      {!isParent && (
        <Typography sx={{ color: 'text.secondary', mt: 2, maxWidth: 640 }}>{label.description}</Typography>
      )}
      <Stack direction="row" spacing={1.5} sx={{ mt: 4, flexWrap: 'wrap', rowGap: 1.5 }}>
        <Button variant="contained" component={Link} to={labelPath(label, 'releases')}>
          Releases
        </Button>
        <Button variant="outlined" component={Link} to={labelPath(label, 'playlists')}>
          Playlists
        </Button>
        <Button variant="outlined" component={Link} to="/vip">
          VIP
        </Button>
      </Stack>
    </Box>
  );
}

/** docs/product.md §1 "Our Story" of the records landing page (the admin's Site tab previews it). */
export function OurStory({ about }: { about: { heading: string; paragraphs: readonly string[] } }) {
  return (
    <Box component="section" sx={{ px: { xs: 2, md: 6 }, py: 5, maxWidth: 900 }}>
      <Typography variant="h4" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {about.heading}
      </Typography>
      {about.paragraphs.map((p) => (
        <Typography key={p} sx={{ color: 'text.secondary', mb: 1.5 }}>
          {p}
        </Typography>
      ))}
    </Box>
  );
}

function Section({ title, to, children }: { title: string; to: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ px: { xs: 2, md: 6 }, py: 4 }}>
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Button component={Link} to={to} size="small">
          See all
        </Button>
      </Stack>
      {children}
    </Box>
  );
}

function LatestReleases({ label }: { label: LabelConfig }) {
  const { data, error, isPending } = useQuery(releasesQuery({ label: label.id, offset: 0, limit: landingReleasesShown }));
  const [open, setOpen] = useState<Release | null>(null);
  return (
    <Section title="Latest Releases" to={labelPath(label, 'releases')}>
      {error && <Alert severity="error">Failed to load releases. Please try again.</Alert>}
      <Grid container spacing={2}>
        {isPending
          ? Array.from({ length: landingReleasesShown }, (_, i) => (
              <Grid key={i} size={{ xs: 6, sm: 4, md: 3 }}>
                <Skeleton variant="rounded" sx={{ aspectRatio: '1', height: 'auto' }} />
              </Grid>
            ))
          : data?.data.map((release) => (
              <Grid key={release.id} size={{ xs: 6, sm: 4, md: 3 }}>
                <ReleaseCard release={release} onClick={() => setOpen(release)} />
              </Grid>
            ))}
      </Grid>
      {open && <ReleaseDetailModal release={open} open onClose={() => setOpen(null)} />}
    </Section>
  );
}

function LabelArtists({ label }: { label: LabelConfig }) {
  // The artists page's first page: one read serves both pages.
  const { data, error } = useInfiniteQuery(artistListQuery({ label: label.id }));
  const [open, setOpen] = useState<Artist | null>(null);
  return (
    <Section title="Artists" to={labelPath(label, 'artists')}>
      {error && <Alert severity="error">Failed to load artists. Please try again later.</Alert>}
      <Grid container spacing={2}>
        {data?.pages[0]?.data.slice(0, 8).map((artist) => (
          <Grid key={artist.id} size={{ xs: 6, sm: 4, md: 3 }}>
            <ArtistCard artist={artist} onClick={() => setOpen(artist)} />
          </Grid>
        ))}
      </Grid>
      {open && <ArtistDetailModal artist={open} open onClose={() => setOpen(null)} />}
    </Section>
  );
}

/** docs/product.md §1 landing pages: records tells its story; tech and deep show their hero and artists. */
export function LandingPage() {
  const { label: param } = useParams();
  const label = labelFromParam(param);
  if (!label) return <NotFoundPage />;
  const isParent = label.id === defaultLabel.id;
  return (
    <>
      <LandingHero label={label} />
      {isParent && <OurStory about={currentSiteSettings().about} />}
      <LatestReleases label={label} />
      {!isParent && <LabelArtists label={label} />}
    </>
  );
}
