import { Link, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { releaseDay } from '../../../../shared/domain/release-display.js';
import { confirmReleaseAlert, forgetReleaseAlert, releaseAlertQuery } from '../api/email-links.js';
import { ConfirmOrForget, LinkAnswer } from './link-answer.js';

/**
 * /notify/:token: the page of a "Notify me" email (docs/decisions/0061). Opening it changes nothing (mail
 * scanners open links); "Confirm" finishes the double opt-in, "Forget my address" deletes it at once.
 */
export function ReleaseAlertPage() {
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const query = releaseAlertQuery(token);
  const { data, error, isPending } = useQuery(query);
  const confirm = useMutation({ mutationFn: () => confirmReleaseAlert(token), onSuccess: (answer) => queryClient.setQueryData(query.queryKey, answer) });
  const forget = useMutation({ mutationFn: () => forgetReleaseAlert(token) });
  const alert = data?.data;
  return (
    <LinkAnswer title="Notify me" error={error} isPending={isPending}>
      {alert && (
        <ConfirmOrForget
          confirmed={alert.confirmed}
          question={`Email ${alert.email} on that day?`}
          confirmedText={`Confirmed: we email ${alert.email} on that day, once. Then the address is forgotten.`}
          confirm={confirm}
          forget={forget}
        >
          <Typography>
            <Link component={RouterLink} to={alert.release.path}>
              {`“${alert.release.title}”`}
            </Link>
            {` by ${alert.release.artists} comes out on ${alert.release.label_name} on ${releaseDay(alert.release.release_date)}.`}
          </Typography>
        </ConfirmOrForget>
      )}
    </LinkAnswer>
  );
}
