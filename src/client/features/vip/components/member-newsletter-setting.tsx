import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { VipAccount, vipAccountResponseSchema } from '../../../../shared/api/vip-account.js';
import type { Answer } from '../../../lib/api-client.js';
import { notify } from '../../../lib/notifications.js';
import { chooseNewsletter, vipAccountQuery } from '../api/vip-account.js';

type VipAccountAnswer = Answer<typeof vipAccountResponseSchema>;

/**
 * The member page's "Members' newsletter" setting: whether it comes to them, and the button to leave it
 * or get it again (the same `newsletter` list an emailed unsubscribe link leaves: docs/decisions/0065).
 */
export function MemberNewsletterSetting({ account }: { account: VipAccount }) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const choose = useMutation({
    mutationFn: chooseNewsletter,
    onSuccess: (answer) => {
      queryClient.setQueryData<VipAccountAnswer>(vipAccountQuery.queryKey, (old) => old && { ...old, data: { ...old.data, gets_newsletter: answer.data.gets_newsletter } });
      notify(answer.message, { variant: 'success' });
    },
  });
  const isOn = account.gets_newsletter;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 0.5 }}>
        Members' newsletter
      </Typography>
      <Typography sx={{ mb: 1.5 }}>
        {isOn
          ? 'You get it: news from the label, emailed now and then to active members.'
          : 'You left it: no newsletter comes to you. Your membership emails (sign-in links, receipts, billing) keep coming.'}
      </Typography>
      <Box>
        <Button variant={isOn ? 'outlined' : 'contained'} disabled={choose.isPending} onClick={() => choose.mutate(!isOn)}>
          {isOn ? 'Leave the newsletter' : 'Get the newsletter again'}
        </Button>
      </Box>
      {choose.error && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {choose.error.message}
        </Alert>
      )}
    </Paper>
  );
}
