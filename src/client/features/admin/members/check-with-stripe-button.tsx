import SyncIcon from '@mui/icons-material/Sync';
import { Alert, Button } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminMembersReconcile } from '../../../../shared/api/admin-members.js';
import { checkMembersWithStripe } from '../api/admin-payments.js';

/** "Checked 12 members with Stripe: 1 changed." and those Stripe did not answer for. */
export function checkResultText({ checked, changed, failed = 0 }: AdminMembersReconcile): string {
  const members = `${checked} ${checked === 1 ? 'member' : 'members'}`;
  const unread = failed > 0 ? ` Stripe did not answer for ${failed} (named in Recent Activity): try again later.` : '';
  return `Checked ${members} with Stripe: ${changed} changed.${unread}`;
}

/**
 * Members → "Check with Stripe" (docs/decisions/0094): every member with a subscription is compared
 * with Stripe and repaired (the server also does it daily); says how many, and reloads the list.
 */
export function useCheckWithStripe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => checkMembersWithStripe(token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'members'] }),
  });
}

export function CheckWithStripeButton({ check }: { check: ReturnType<typeof useCheckWithStripe> }) {
  return (
    <Button variant="outlined" startIcon={<SyncIcon />} onClick={() => check.mutate()} disabled={check.isPending}>
      {check.isPending ? 'Checking…' : 'Check with Stripe'}
    </Button>
  );
}

export function CheckWithStripeResult({ check }: { check: ReturnType<typeof useCheckWithStripe> }) {
  if (check.error) return <Alert severity="error" sx={{ mb: 2 }}>{check.error.message}</Alert>;
  if (!check.data) return null;
  return (
    <Alert severity={check.data.failed ? 'warning' : 'success'} role="status" sx={{ mb: 2 }} onClose={() => check.reset()}>
      {checkResultText(check.data)}
    </Alert>
  );
}
