import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { WaitingListJoin } from '../../../../shared/api/vip-waiting-list.js';
import { FormTextField } from '../../../components/form-text-field.js';
import { ApiError } from '../../../lib/api-client.js';
import { lazyResolver } from '../../../lib/lazy-resolver.js';
import { joinWaitingList } from '../api/vip-payments.js';

// The address's schema, with zod, loads when the form is first checked or stepped into (docs/decisions/0110).
const resolver = lazyResolver(async () => (await import('./waiting-list-resolver.js')).waitingListResolver);

/**
 * While payments are off (docs/decisions/0099): the VIP page says so and offers the waiting list, an
 * address that gets a link to confirm (double opt-in), then one email when payments open.
 */
export function WaitingListForm() {
  const headingId = useId();
  const join = useMutation({ mutationFn: joinWaitingList });
  const { control, handleSubmit, formState } = useForm<WaitingListJoin>({
    resolver,
    defaultValues: { email: '' },
  });
  const failure = join.error ? (join.error instanceof ApiError && join.error.hasServerMessage ? join.error.message : 'Something went wrong. Please try again.') : null;
  const error = formState.errors.email?.message ?? failure;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Alert severity="info" sx={{ mb: 2 }}>
        <Typography id={headingId} component="h2" sx={{ fontWeight: 700 }}>
          Payments are not open yet
        </Typography>
        Nobody can pay for a plan yet. Leave your email on the waiting list, and we email you once when payments open.
      </Alert>
      {join.isSuccess ? (
        <Alert severity="success">{join.data.message}</Alert>
      ) : (
        <form noValidate onFocus={resolver.preload} onSubmit={handleSubmit((request) => join.mutate(request))} aria-label="Join the waiting list">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' }, maxWidth: 560 }}>
            <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" showsError={false} required fullWidth />
            <Button type="submit" variant="contained" disabled={join.isPending} sx={{ flexShrink: 0, minHeight: 56 }}>
              {join.isPending ? 'Processing...' : 'Join the waiting list'}
            </Button>
          </Stack>
          {error && (
            <Alert severity="error" sx={{ mt: 2, maxWidth: 560 }}>
              {error}
            </Alert>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {'What we keep and why: '}
            <Link component={RouterLink} to="/legal?tab=privacy">
              Privacy Policy
            </Link>
          </Typography>
        </form>
      )}
    </Box>
  );
}
