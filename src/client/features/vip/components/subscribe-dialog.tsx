import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { vipSubscriptionRequestSchema, type VipPlan, type VipSubscriptionResponse } from '../../../../shared/api/vip.js';
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
  const [isProcessing, setIsProcessing] = useState(false);
  const close = () => {
    if (!isProcessing) onClose();
  };
  return (
    <Dialog open={open && plan !== null} onClose={close} fullWidth maxWidth="xs" aria-labelledby="vip-dialog-title">
      {/* The dialog unmounts its content once closed, so that each opening starts with an empty form. */}
      {plan && <SubscribeForm plan={plan} isProcessing={isProcessing} setIsProcessing={setIsProcessing} onCancel={close} onSubscribed={onSubscribed} />}
    </Dialog>
  );
}

function SubscribeForm({
  plan,
  isProcessing,
  setIsProcessing,
  onCancel,
  onSubscribed,
}: {
  plan: VipPlan;
  isProcessing: boolean;
  setIsProcessing: (value: boolean) => void;
  onCancel: () => void;
  onSubscribed: Props['onSubscribed'];
}) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The shared schema: 'Please fill in all required fields' for a missing name or email (docs/product.md §5).
    const request = vipSubscriptionRequestSchema.safeParse({ name, email, plan: plan.id });
    if (!request.success) {
      setError(request.error.issues[0]?.message ?? 'Please fill in all required fields');
      return;
    }
    setError(null);
    setIsProcessing(true);
    try {
      const response = await subscribeVip(request.data);
      setIsProcessing(false);
      onSubscribed(response);
    } catch (failure) {
      setIsProcessing(false);
      setError(failureMessage(failure));
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby="vip-dialog-title">
      <DialogTitle id="vip-dialog-title">{`Join VIP: ${plan.name}, ${formatPrice(plan)}/${plan.period}`}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          {/* A dialog moves focus into itself when it opens (WAI-ARIA dialog pattern): to its first field. */}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
          <TextField label="Name" name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} required fullWidth autoFocus />
          <TextField label="Email" name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required fullWidth />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={isProcessing}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={isProcessing}>
          {isProcessing ? 'Processing...' : 'Subscribe'}
        </Button>
      </DialogActions>
    </form>
  );
}
