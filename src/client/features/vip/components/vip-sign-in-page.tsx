import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { signInLinkQuery, signInWithLink } from '../api/vip-account.js';

/**
 * /vip/account/sign-in/:token: the page of an emailed sign-in link (docs/decisions/0063). Opening it
 * uses nothing (mail scanners open links); the button signs in, once, within 15 minutes.
 */
export function VipSignInPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { data, error, isPending } = useQuery(signInLinkQuery(token));
  const signIn = useMutation({ mutationFn: () => signInWithLink(token), onSuccess: () => void navigate('/vip/account') });
  return (
    <Box sx={{ p: { xs: 2, md: 4 }, maxWidth: 720 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3, fontSize: { xs: '1.75rem', md: '2.125rem' } }}>
        Sign in to VIP
      </Typography>
      {error ? (
        <Alert severity="error">We could not check this link. Please try again later.</Alert>
      ) : isPending ? (
        <CircularProgress aria-label="Loading" />
      ) : data.data.usable ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>Sign in to your VIP account on this device.</Typography>
          <Button variant="contained" onClick={() => signIn.mutate()} disabled={signIn.isPending}>
            Sign in
          </Button>
          {signIn.error && <Alert severity="error">{signIn.error.message}</Alert>}
        </Stack>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="warning">This sign-in link has been used or has expired. Ask for a new one.</Alert>
          <Button component={RouterLink} to="/vip/account">
            Email me a new link
          </Button>
        </Stack>
      )}
    </Box>
  );
}
