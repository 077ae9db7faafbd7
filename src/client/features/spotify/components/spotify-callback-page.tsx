import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { siteName } from '../../../../shared/site-settings.js';
import { completeSpotifyLogin } from '../api/spotify-auth.js';
import { clientConfigQuery, spotifyProfileKey } from '../api/use-spotify.js';

/** docs/product.md §9: the callback screen returns home this long after the outcome is known. */
export const callbackRedirectMs = 2000;

type Outcome = { status: 'loading' } | { status: 'success' } | { status: 'error'; message: string };

/** Parameters Spotify appends to the redirect URI; none of them stays in the address bar or history. */
const returnParams = ['code', 'state', 'error'];

/** docs/product.md §2 "Authorization return": Spotify sends the listener back here with `?code&state`. */
export function SpotifyCallbackPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  // The parameters as the page was opened: the address bar loses them below.
  const [params] = useState(() => new URLSearchParams(searchParams));
  const config = useQuery(clientConfigQuery());
  const [outcome, setOutcome] = useState<Outcome>({ status: 'loading' });

  useEffect(() => {
    const url = new URL(window.location.href);
    if (!returnParams.some((name) => url.searchParams.has(name))) return;
    for (const name of returnParams) url.searchParams.delete(name);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, []);

  useEffect(() => {
    if (config.error) {
      setOutcome({ status: 'error', message: config.error.message });
      return;
    }
    if (!config.data) return;
    let isCurrent = true;
    completeSpotifyLogin(config.data.spotify, params, window.location.origin).then(
      () => {
        queryClient.removeQueries({ queryKey: spotifyProfileKey });
        if (isCurrent) setOutcome({ status: 'success' });
      },
      (error: unknown) => {
        if (isCurrent) setOutcome({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [config.data, config.error, params, queryClient]);

  useEffect(() => {
    if (outcome.status === 'loading') return;
    const timer = setTimeout(() => navigate('/', { replace: true }), callbackRedirectMs);
    return () => clearTimeout(timer);
  }, [outcome.status, navigate]);

  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 2, py: { xs: 8, md: 14 }, px: 2 }}
    >
      {outcome.status === 'loading' && (
        <>
          <CircularProgress aria-hidden />
          <Typography variant="h5" component="h1">
            Authenticating with Spotify...
          </Typography>
        </>
      )}
      {outcome.status === 'error' && (
        <>
          <ErrorOutlineIcon color="error" sx={{ fontSize: 56 }} />
          <Typography variant="h5" component="h1" color="error">
            Authentication Error
          </Typography>
          <Typography>{outcome.message}</Typography>
          <Typography color="text.secondary">Redirecting you back...</Typography>
        </>
      )}
      {outcome.status === 'success' && (
        <>
          <CheckCircleOutlineIcon color="primary" sx={{ fontSize: 56 }} />
          <Typography variant="h5" component="h1">
            Successfully connected to Spotify!
          </Typography>
          <Typography color="text.secondary">Redirecting you back to {siteName()}...</Typography>
        </>
      )}
    </Box>
  );
}
