import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { confirmWaitingListLink, forgetWaitingListLink, waitingListLinkQuery } from '../api/email-links.js';
import { ConfirmOrForget, LinkAnswer } from './link-answer.js';

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
        <ConfirmOrForget
          confirmed={link.confirmed}
          question={`Email ${link.email} once when VIP payments open?`}
          confirmedText={`Confirmed: we email ${link.email} once when VIP payments open.`}
          confirm={confirm}
          forget={forget}
        />
      )}
    </LinkAnswer>
  );
}
