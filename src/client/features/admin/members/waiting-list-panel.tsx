import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AdminWaitingList } from '../../../../shared/api/vip-waiting-list.js';
import { notify } from '../../../lib/notifications.js';
import { adminWaitingListQuery, sendWaitingList } from '../api/admin-waiting-list.js';
import { formatDayAndTime } from '../components/admin-format.js';

const addresses = (n: number) => (n === 1 ? '1 address' : `${n} addresses`);
const members = (n: number) => (n === 1 ? '1 member' : `${n} members`);

/** Why the button cannot send now, or undefined when it can. */
function cannotSend(list: AdminWaitingList): string | undefined {
  if (!list.payments_open) return 'Payments are not open yet (STRIPE_SECRET_KEY is not set): the email can be sent once they are.';
  if (list.recipients === 0) return 'Nobody on the list is left to email.';
  return undefined;
}

/**
 * Members → VIP waiting list (docs/decisions/0099): how many confirmed addresses wait for payments to open,
 * and the one "payments are open" email, sent once payments are, after a confirmation. Each address gets it
 * once however often it is sent; the confirmed addresses are then forgotten.
 */
export function WaitingListPanel({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const query = useQuery(adminWaitingListQuery(token));
  const [asking, setAsking] = useState(false);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const titleId = useId();
  const send = useMutation({
    mutationFn: () => sendWaitingList(token),
    onSuccess: (answer) => {
      setAsking(false);
      setSentMessage(answer.message);
      queryClient.setQueryData(adminWaitingListQuery(token).queryKey, { success: true as const, data: answer.data });
      notify(answer.message, { variant: 'success' });
    },
    onError: () => setAsking(false),
  });

  if (query.error) return <Alert severity="error">{query.error.message}</Alert>;
  if (!query.data) return <CircularProgress aria-label="Loading" />;
  const list = query.data;
  const reason = cannotSend(list);
  return (
    <Stack spacing={1.5}>
      <Typography component="ul" aria-label="Waiting list" sx={{ m: 0, pl: 3 }}>
        <li>{`${addresses(list.confirmed)} confirmed`}</li>
        <li>{`${members(list.pending_members)} pending payment, not emailed yet`}</li>
        <li>{`${addresses(list.unconfirmed)} not confirmed (they get nothing)`}</li>
      </Typography>
      {list.last_send && (
        <Typography role="status" aria-label="Last sent">
          {`Sent on ${formatDayAndTime(list.last_send.sent_at)} by ${list.last_send.sent_by} to ${addresses(list.last_send.recipients)}.`}
        </Typography>
      )}
      {sentMessage && <Alert severity="success">{`${sentMessage} Each address gets it once.`}</Alert>}
      {send.error && <Alert severity="error">{send.error.message}</Alert>}
      {reason && <Typography color="text.secondary">{reason}</Typography>}
      <Button variant="contained" onClick={() => setAsking(true)} disabled={reason !== undefined || send.isPending} sx={{ justifySelf: 'start', alignSelf: { xs: 'stretch', sm: 'start' } }}>
        Send the payments-open email
      </Button>
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Send the payments-open email?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {`It goes now to ${addresses(list.recipients)}: the confirmed addresses and the members pending payment, each once, with an unsubscribe link. The confirmed addresses are then forgotten.`}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>Cancel</Button>
          <Button variant="contained" onClick={() => send.mutate()} disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send now'}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
