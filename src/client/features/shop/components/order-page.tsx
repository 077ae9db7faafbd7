import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, CircularProgress, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { downloadLinkHours, downloadsPerOrder, type Order } from '../../../../shared/api/shop.js';
import { downloadFormatNames, isDownloadFormat, type DownloadFormat } from '../../../../shared/download-formats.js';
import { releaseDay } from '../../../../shared/domain/release-display.js';
import { useSiteSettings } from '../../../app/site-settings.js';
import { ApiError } from '../../../lib/api-client.js';
import { downloadOrderTrack, orderQuery } from '../api/shop-api.js';
import { LostLink } from './lost-link.js';

type OrderItem = Order['items'][number];
type OrderDownload = OrderItem['downloads'][number];

/** The frame of the buyer's pages: the title, what the page says, then "Lost your link?". */
export function ShopPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ p: { xs: 2, md: 4 }, maxWidth: 880 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3, fontSize: { xs: '1.75rem', md: '2.125rem' } }}>
        {title}
      </Typography>
      {children}
      <LostLink />
    </Box>
  );
}

/** Why the order cannot be shown: Stripe has not confirmed yet (409, with a retry), refunded (410), no such order (404). */
function OrderProblem({ error, onRetry, isRetrying }: { error: unknown; onRetry: () => void; isRetrying: boolean }) {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 404 || status === 400) return <Alert severity="error">This link leads to no order. Please check that you opened the whole link from the email.</Alert>;
  if (status === 410) return <Alert severity="warning">{(error as ApiError).message}</Alert>;
  const retry = (
    <Button color="inherit" size="small" onClick={onRetry} disabled={isRetrying}>
      {isRetrying ? 'Checking...' : 'Check again'}
    </Button>
  );
  if (status === 409) {
    return (
      <Alert severity="info" action={retry}>
        {`Waiting for Stripe to confirm the payment. ${(error as ApiError).message}`}
      </Alert>
    );
  }
  return (
    <Alert severity="error" action={retry}>
      We could not load this order. Please try again in a moment.
    </Alert>
  );
}

/** One track: its format picker and Download, which waits while the format is made the first time. */
function TrackDownload({ token, track, onError }: { token: string; track: OrderDownload; onError: (error: Error) => void }) {
  const [format, setFormat] = useState<DownloadFormat>(track.formats[0] ?? 'wav');
  const download = useMutation({ mutationFn: downloadOrderTrack, onError });
  return (
    <Stack
      component="li"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'center' }, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <Typography sx={{ flex: 1, minWidth: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>{track.title}</Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Format"
          value={format}
          onChange={(event) => isDownloadFormat(event.target.value) && setFormat(event.target.value)}
          sx={{ minWidth: 130 }}
          slotProps={{ htmlInput: { 'aria-label': `Format of ${track.title}` } }}
        >
          {track.formats.map((id) => (
            <MenuItem key={id} value={id}>
              {downloadFormatNames[id]}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="contained"
          startIcon={download.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : <DownloadIcon />}
          aria-label={`Download ${track.title} as ${downloadFormatNames[format]}`}
          disabled={download.isPending}
          onClick={() => download.mutate({ token, trackId: track.track_id, format })}
        >
          {download.isPending ? 'Preparing...' : 'Download'}
        </Button>
      </Stack>
    </Stack>
  );
}

/** A download refused: past the order's links (429: write to the label), refunded since (410), or anything else. */
function DownloadProblem({ error }: { error: Error }) {
  const { legal } = useSiteSettings();
  if (error instanceof ApiError && error.status === 429) {
    return (
      <Alert severity="warning">
        {`${error.message} `}
        <Link href={`mailto:${legal.contactEmail}`}>{legal.contactEmail}</Link>
      </Alert>
    );
  }
  return <Alert severity="error">{error instanceof ApiError && error.hasServerMessage ? error.message : 'The download could not start. Please try again.'}</Alert>;
}

function OrderItemDownloads({ token, item, email }: { token: string; item: OrderItem; email: string }) {
  const [problem, setProblem] = useState<Error>();
  const isWaiting = item.downloads.length === 0;
  return (
    <Box component="section" aria-label={item.title}>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
        {item.artwork_url && <Box component="img" src={item.artwork_url} alt={`${item.title} cover art`} sx={{ width: { xs: 96, sm: 140 }, aspectRatio: '1 / 1', borderRadius: 1, objectFit: 'cover' }} />}
        <Stack spacing={0.5} sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Typography>
          <Typography>{item.artists}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>{`Bought with ${email}`}</Typography>
        </Stack>
      </Stack>
      {isWaiting ? (
        <Alert severity="info">
          {`Pre-ordered: your downloads open here when it comes out${item.release_date ? ` on ${releaseDay(item.release_date)}` : ''}, and we email you then.`}
        </Alert>
      ) : (
        <>
          <Box component="ul" aria-label="Tracks to download" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {item.downloads.map((track) => (
              <TrackDownload key={track.track_id} token={token} track={track} onError={setProblem} />
            ))}
          </Box>
          {problem && (
            <Box sx={{ mt: 2 }}>
              <DownloadProblem error={problem} />
            </Box>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {`Each Download gives a fresh link that works for ${downloadLinkHours} hours; an order gives ${downloadsPerOrder} links in all. Keep this page: it is your way back to your downloads.`}
          </Typography>
        </>
      )}
    </Box>
  );
}

/** /orders/:token: what the buyer bought and its downloads, by the private link of the receipt (issue 36). */
export function OrderPage() {
  const { token = '' } = useParams();
  const { data, error, isPending, refetch, isFetching } = useQuery(orderQuery(token));
  const order = data?.data;
  return (
    <ShopPage title="Your order">
      {isPending ? (
        <CircularProgress aria-label="Loading" />
      ) : error ? (
        <OrderProblem error={error} onRetry={() => void refetch()} isRetrying={isFetching} />
      ) : (
        order?.items.map((item) => <OrderItemDownloads key={item.release_id} token={token} item={item} email={order.email} />)
      )}
    </ShopPage>
  );
}
