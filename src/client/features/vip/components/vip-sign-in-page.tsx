import { Alert, Button, Stack, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { LinkAnswer } from '../../email/components/link-answer.js';
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
    <LinkAnswer title="Sign in to VIP" error={error} isPending={isPending}>
      {data?.data.usable ? (
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
    </LinkAnswer>
  );
}
