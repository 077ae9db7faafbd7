import { Alert, Dialog, DialogContent, DialogTitle, Link, Stack, Typography } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import {
  vipSubscriptionRequestSchema,
  type VipPlan,
  type VipSubscriptionRequest,
  type VipSubscriptionResponse,
} from '../../../../shared/api/vip.js';
import { DialogFormActions } from '../../../components/dialog-form-actions.js';
import { FormTextField } from '../../../components/form-text-field.js';
import { ApiError } from '../../../lib/api-client.js';
import { subscribeVip } from '../api/subscribe-vip.js';
import { formatPrice } from './vip-plan-card.js';

/** docs/product.md §8 VIP: the server's message, else its fallbacks. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.hasServerMessage ? error.message : 'Failed to process subscription';
  return 'Error processing subscription. Please try again.';
}

interface Props {
  open: boolean;
  /** The chosen plan (kept while the dialog fades out). */
  plan: VipPlan | null;
  onClose: () => void;
  onSubscribed: (response: VipSubscriptionResponse) => void;
}

/** docs/product.md §4 VIP: a dialog collecting name and email; the button reads 'Processing...' while sending. */
export function SubscribeDialog({ open, plan, onClose, onSubscribed }: Props) {
  const subscribe = useMutation({ mutationFn: subscribeVip, onSuccess: onSubscribed });
  const close = () => {
    if (!subscribe.isPending) onClose();
  };
  return (
    <Dialog
      open={open && plan !== null}
      onClose={close}
      fullWidth
      maxWidth="xs"
      aria-labelledby="vip-dialog-title"
      slotProps={{ transition: { onExited: () => subscribe.reset() } }}
    >
      {/* The dialog unmounts its content once closed, so that each opening starts with an empty form. */}
      {plan && <SubscribeForm plan={plan} subscribe={subscribe} onCancel={close} />}
    </Dialog>
  );
}

function SubscribeForm({
  plan,
  subscribe,
  onCancel,
}: {
  plan: VipPlan;
  subscribe: UseMutationResult<VipSubscriptionResponse, Error, VipSubscriptionRequest>;
  onCancel: () => void;
}) {
  // The shared schema: 'Please fill in all required fields' for a missing name or email (docs/product.md §5).
  const { control, handleSubmit, formState } = useForm<z.input<typeof vipSubscriptionRequestSchema>, unknown, VipSubscriptionRequest>({
    resolver: zodResolver(vipSubscriptionRequestSchema),
    defaultValues: { name: '', email: '', plan: plan.id },
  });
  const fieldError = formState.errors.name?.message ?? formState.errors.email?.message ?? formState.errors.plan?.message;
  const error = fieldError ?? (subscribe.error ? failureMessage(subscribe.error) : null);
  const isProcessing = subscribe.isPending;

  return (
    <form noValidate onSubmit={handleSubmit((request) => subscribe.mutate(request))} aria-labelledby="vip-dialog-title">
      <DialogTitle id="vip-dialog-title">{`Join VIP: ${plan.name}, ${formatPrice(plan)}/${plan.period}`}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <FormTextField
            control={control}
            name="name"
            label="Name"
            autoComplete="name"
            showsError={false}
            required
            fullWidth
            // A dialog moves focus into itself when it opens (WAI-ARIA dialog pattern): to its first field.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
          />
          <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" showsError={false} required fullWidth />
          <Typography variant="body2" color="text.secondary">
            {'What we keep of your membership and why: '}
            <Link component={RouterLink} to="/legal?tab=privacy" target="_blank">
              Privacy Policy
            </Link>
          </Typography>
        </Stack>
      </DialogContent>
      <DialogFormActions submitLabel="Subscribe" isProcessing={isProcessing} onCancel={onCancel} />
    </form>
  );
}
