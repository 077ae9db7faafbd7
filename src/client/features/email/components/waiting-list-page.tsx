import { Alert, Button, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { confirmWaitingListLink, forgetWaitingListLink, waitingListLinkQuery } from '../api/email-links.js';
import { LinkAnswer } from './link-answer.js';

/**
 * /vip/waiting-list/:token: the page of the VIP waiting list's email (docs/decisions/0099). Opening it
 * changes nothing (mail scanners open links); "Confirm" finishes the double opt-in, "Forget my address"
 * takes the address off the list at once.
 */
export function WaitingListPage() {
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const query = waitingListLinkQuery(token);
  const { data, error, isPending } = useQuery(query);
  const confirm = useMutation({ mutationFn: () => confirmWaitingListLink(token), onSuccess: (answer) => queryClient.setQueryData(query.queryKey, answer) });
  const forget = useMutation({ mutationFn: () => forgetWaitingListLink(token) });
  const link = data?.data;
  return (
    <LinkAnswer title="VIP waiting list" error={error} isPending={isPending}>
      {link && (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          {forget.isSuccess ? (
            <Alert severity="success">{forget.data.message}</Alert>
          ) : (
            <>
              {link.confirmed ? (
                <Alert severity="success">{`Confirmed: we email ${link.email} once when VIP payments open.`}</Alert>
              ) : (
                <>
                  <Typography>{`Email ${link.email} once when VIP payments open?`}</Typography>
                  <Button variant="contained" onClick={() => confirm.mutate()} disabled={confirm.isPending}>
                    Confirm
                  </Button>
                </>
              )}
              {(confirm.error ?? forget.error) && <Alert severity="error">{(confirm.error ?? forget.error)?.message}</Alert>}
              <Button variant="text" onClick={() => forget.mutate()} disabled={forget.isPending}>
                Forget my address
              </Button>
            </>
          )}
        </Stack>
      )}
    </LinkAnswer>
  );
}
