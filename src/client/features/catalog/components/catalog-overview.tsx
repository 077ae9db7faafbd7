import { Alert, Box, Card, CardContent, CardMedia, CircularProgress, Container, Grid, Typography } from '@mui/material';
import { labels } from '../../../../shared/labels.js';
import { siteConfig } from '../../../../shared/site-config.js';
import { useReleases } from '../api/get-releases.js';

function LatestReleases({ labelId, name, accent }: { labelId: string; name: string; accent: string }) {
  const { data, error, isPending } = useReleases(labelId, 6);
  return (
    <Box component="section" sx={{ mb: 5 }}>
      <Typography variant="h5" component="h2" sx={{ mb: 2, borderLeft: `4px solid ${accent}`, pl: 1.5 }}>
        {name}
      </Typography>
      {isPending && <CircularProgress aria-label={`Loading ${name}`} />}
      {error && <Alert severity="error">{error.message}</Alert>}
      <Grid container spacing={2}>
        {data?.data.map((release) => (
          <Grid key={release.id} size={{ xs: 6, sm: 4, md: 2 }}>
            <Card variant="outlined">
              {release.artwork_url && <CardMedia component="img" image={release.artwork_url} alt={release.title} />}
              <CardContent>
                <Typography variant="subtitle2" noWrap title={release.title}>
                  {release.title}
                </Typography>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {release.artists?.map((a) => a.name).join(', ')}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}

/** The first page: each label's newest releases, straight from the catalog API. */
export function CatalogOverview() {
  return (
    <Container sx={{ py: 4 }}>
      <Typography variant="h3" component="h1" sx={{ mb: 4, fontWeight: 700 }}>
        {siteConfig.productName}
      </Typography>
      {labels.map((label) => (
        <LatestReleases key={label.id} labelId={label.id} name={label.name} accent={label.accent} />
      ))}
    </Container>
  );
}
