import { Alert, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { AdminPayments } from '../../../../shared/api/admin-payments.js';
import { adminPaymentsQuery } from '../api/admin-payments.js';

const mono = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const;

function webhookText({ source }: AdminPayments['webhook']): string {
  switch (source) {
    case 'site':
      return 'Stripe sends its events to the webhook the site set up:';
    case 'environment':
      return "The webhook's signing secret is STRIPE_WEBHOOK_SECRET: its endpoint in Stripe's Dashboard should send these events to";
    case 'none':
      return 'The webhook is not set up yet (the server log says why): Stripe is to send these events to';
  }
}

/** Settings → Payments (docs/decisions/0094): whether Stripe is connected, where its webhook is, and which events it sends. */
export function PaymentsPanel({ token }: { token: string }) {
  const query = useQuery(adminPaymentsQuery(token));
  if (query.error) return <Alert severity="error">{query.error.message}</Alert>;
  if (!query.data) return <CircularProgress aria-label="Loading" />;
  const { connected, webhook } = query.data;
  if (!connected) {
    return <Typography>Payments are off: members wait in Pending payment. Set STRIPE_SECRET_KEY and PUBLIC_URL to take payments with Stripe.</Typography>;
  }
  return (
    <Stack spacing={1.5}>
      <Typography>
        <strong>Connected to Stripe.</strong>
      </Typography>
      {webhook.source === 'none' && <Alert severity="warning">Stripe's events are refused until the webhook is set up.</Alert>}
      <Typography>
        {`${webhookText(webhook)} `}
        {webhook.url && (
          <Typography component="span" sx={mono}>
            {webhook.url}
          </Typography>
        )}
      </Typography>
      <Typography component="ul" aria-label="Events sent" sx={{ m: 0, pl: 3 }}>
        {webhook.events.map((event) => (
          <Typography component="li" key={event} sx={mono}>
            {event}
          </Typography>
        ))}
      </Typography>
    </Stack>
  );
}
