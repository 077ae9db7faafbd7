import { Alert, Button, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { MailingList } from '../../../../shared/api/messaging.js';
import { unsubscribe, unsubscribeQuery } from '../api/email-links.js';
import { LinkAnswer } from './link-answer.js';

/** Each list's name, and what leaving it does not stop. */
const lists: Readonly<Record<MailingList, { name: string; keeps: string }>> = {
  digest: { name: 'the daily digest of new demos', keeps: '' },
  newsletter: { name: "the VIP members' newsletter", keeps: 'Your membership and its emails (receipts, payment problems, renewals) go on as before.' },
  waiting_list: { name: 'the VIP waiting list', keeps: '' },
};

/**
 * /unsubscribe/:token: the page of an email's unsubscribe link. Opening it changes nothing (mail
 * scanners open links); the button does, like the one-click POST of mail clients (RFC 8058).
 */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const query = unsubscribeQuery(token);
  const { data, error, isPending } = useQuery(query);
  const leave = useMutation({
    mutationFn: () => unsubscribe(token),
    onSuccess: (answer) => queryClient.setQueryData(query.queryKey, answer),
  });
  const link = data?.data;
  return (
    <LinkAnswer title="Unsubscribe" error={error} isPending={isPending}>
      {link && (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          {link.unsubscribed ? (
            <Alert severity="success">{`${link.email} is unsubscribed from ${lists[link.list].name}: nothing more of it will be sent there. ${lists[link.list].keeps}`.trim()}</Alert>
          ) : (
            <>
              <Typography>{`Stop sending ${lists[link.list].name} to ${link.email}? ${lists[link.list].keeps}`.trim()}</Typography>
              {leave.error && <Alert severity="error">{leave.error.message}</Alert>}
              <Button variant="contained" onClick={() => leave.mutate()} disabled={leave.isPending}>
                Unsubscribe
              </Button>
            </>
          )}
        </Stack>
      )}
    </LinkAnswer>
  );
}
