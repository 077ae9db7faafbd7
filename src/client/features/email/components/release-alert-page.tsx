import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { releaseDay } from '../../../../shared/domain/release-display.js';
import { confirmReleaseAlert, forgetReleaseAlert, releaseAlertQuery } from '../api/email-links.js';
import { LinkAnswer } from './link-answer.js';

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
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>
            <Link component={RouterLink} to={alert.release.path}>
              {`“${alert.release.title}”`}
            </Link>
            {` by ${alert.release.artists} comes out on ${alert.release.label_name} on ${releaseDay(alert.release.release_date)}.`}
          </Typography>
          {forget.isSuccess ? (
            <Alert severity="success">{forget.data.message}</Alert>
          ) : (
            <>
              {alert.confirmed ? (
                <Alert severity="success">{`Confirmed: we email ${alert.email} on that day, once. Then the address is forgotten.`}</Alert>
              ) : (
                <>
                  <Typography>{`Email ${alert.email} on that day?`}</Typography>
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
