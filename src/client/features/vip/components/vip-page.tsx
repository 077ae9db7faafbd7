import { Alert, Box, Grid, Link, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { notify } from '../../../lib/notifications.js';
import { useState } from 'react';
import type { VipPlan, VipSubscriptionResponse } from '../../../../shared/api/vip.js';
import { siteName } from '../../../../shared/site-settings.js';
import { useSiteSettings } from '../../../app/site-settings.js';
import { vipPaymentsQuery } from '../api/vip-payments.js';
import { lazyDialog } from '../../../lib/lazy-dialog.js';
import { useVipStatus } from '../hooks/use-vip-status.js';
import { VipPlanCard } from './vip-plan-card.js';
import { WaitingListForm } from './waiting-list-form.js';

/** Its form, MUI's Dialog and the subscription's request load when a plan is first chosen (docs/decisions/0023). */
const SubscribeDialog = lazyDialog(async () => (await import('./subscribe-dialog.js')).SubscribeDialog);

/**
 * docs/product.md §2.13 VIP page: the plans of the site settings and a subscription dialog. While
 * payments are not open it says so and offers the waiting list instead, the plans without prices to
 * pay (docs/decisions/0099); until the server has said which, the plans show with neither.
 */
export function VipPage() {
  const { status, saveStatus } = useVipStatus();
  const plans = useSiteSettings().vip.plans as readonly VipPlan[];
  const payments = useQuery(vipPaymentsQuery);
  const [chosen, setChosen] = useState<VipPlan | null>(null);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const storedPlan = status ? plans.find((plan) => plan.id === status.plan) : undefined;
  const isOpen = payments.data === true;

  const onSubscribed = (response: VipSubscriptionResponse) => {
    // With Stripe: on to Checkout, for every address (a member's too: docs/decisions/0095).
    if (response.data.checkoutUrl) {
      window.location.assign(response.data.checkoutUrl);
      return;
    }
    saveStatus({ subscribed: true, plan: response.data.plan, email: response.data.email, timestamp: new Date().toISOString() });
    setIsDialogOpen(false);
    // docs/product.md §4: the notice hides after 6000 ms. The server's words say whether payment is still pending.
    notify(response.message, { variant: 'success', autoHideDuration: 6000 });
  };

  return (
    <Box sx={{ p: { xs: 2, md: 4 }, maxWidth: 1100 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1, fontSize: { xs: '1.75rem', md: '2.125rem' } }}>
        VIP Membership
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {`Get closer to ${siteName()}: choose the plan that suits you. Already a member? `}
        <Link component={RouterLink} to="/vip/account">
          Your account
        </Link>
      </Typography>
      {status && storedPlan && (
        <Alert severity="info" sx={{ mb: 4 }}>
          {`You're on the list for the ${storedPlan.name} plan as ${status.email}.`}
        </Alert>
      )}
      {payments.data === false && <WaitingListForm />}
      <Grid container spacing={3} sx={{ pt: 1.5 }}>
        {plans.map((plan) => (
          <Grid key={plan.id} size={{ xs: 12, md: 4 }}>
            <VipPlanCard
              plan={plan}
              isCurrent={plan.id === storedPlan?.id}
              onChoose={
                isOpen
                  ? () => {
                      setChosen(plan);
                      setIsDialogOpen(true);
                    }
                  : undefined
              }
            />
          </Grid>
        ))}
      </Grid>
      <SubscribeDialog open={isDialogOpen} plan={chosen} onClose={() => setIsDialogOpen(false)} onSubscribed={onSubscribed} />
    </Box>
  );
}
