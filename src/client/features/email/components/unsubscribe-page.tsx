import { Alert, Button, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { MailingList } from '../../../../shared/api/messaging.js';
import { unsubscribe, unsubscribeQuery } from '../api/email-links.js';
import { LinkAnswer } from './link-answer.js';

const listNames: Readonly<Record<MailingList, string>> = { digest: 'the daily digest of new demos' };

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
            <Alert severity="success">{`${link.email} is unsubscribed from ${listNames[link.list]}: nothing more of it will be sent there.`}</Alert>
          ) : (
            <>
              <Typography>{`Stop sending ${listNames[link.list]} to ${link.email}?`}</Typography>
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
