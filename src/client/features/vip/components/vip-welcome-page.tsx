import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { checkoutStatusQuery } from '../api/vip-account.js';

/** How often the page asks whether Stripe's webhook has confirmed the payment. */
const pollMs = 2000;

/**
 * /vip/welcome?session_id=…: where Stripe Checkout returns the member (docs/decisions/0062). It
 * states the truth: "Processing" until the webhook confirmed the payment, then active.
 */
export function VipWelcomePage() {
  const [params] = useSearchParams();
  // Read after the first render: the server renders one page for every session (it drops the query),
  // "Processing", which the browser's first render must match.
  const [sessionId, setSessionId] = useState<string | null>(null);
  useEffect(() => setSessionId(params.get('session_id') ?? ''), [params]);
  const { data, error } = useQuery({
    ...checkoutStatusQuery(sessionId ?? ''),
    enabled: Boolean(sessionId),
    refetchInterval: (query) => (query.state.data?.data.status === 'pending_payment' ? pollMs : false),
  });
  const status = data?.data.status;
  return (
    <Box sx={{ p: { xs: 2, md: 4 }, maxWidth: 720 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3, fontSize: { xs: '1.75rem', md: '2.125rem' } }}>
        Welcome to VIP
      </Typography>
      {error || sessionId === '' ? (
        <Alert severity="error">We could not find this payment. If you paid, your membership is confirmed by email.</Alert>
      ) : !status || status === 'pending_payment' ? (
        <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>Processing: we are waiting for Stripe to confirm your payment.</Typography>
        </Stack>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity={status === 'active' ? 'success' : 'warning'} role="status">
            {status === 'active'
              ? `Your ${data.data.planName ?? ''} membership is active. A welcome email with your receipt is on its way.`
              : 'Your payment did not go through. Open your account to update your billing.'}
          </Alert>
          <Button variant="contained" component={RouterLink} to="/vip/account">
            Your account
          </Button>
        </Stack>
      )}
    </Box>
  );
}
