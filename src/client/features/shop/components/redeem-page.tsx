import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { redeemRequestSchema } from '../../../../shared/api/shop.js';
import { FormTextField } from '../../../components/form-text-field.js';
import { ApiError } from '../../../lib/api-client.js';
import { redeemCode } from '../api/shop-api.js';
import { ShopPage } from './order-page.js';

type RedeemForm = z.input<typeof redeemRequestSchema>;

/** The code's own refusals (404 no such code, 409 used, 410 expired) and any answer naming the code: said on the code field. */
const isAboutTheCode = (error: unknown): error is ApiError => error instanceof ApiError && ([404, 409, 410].includes(error.status) || error.field === 'code');

/** /redeem: a download code and an address give the release's order page, as a purchase does (issue 36); a code works once. */
export function RedeemPage() {
  const { control, handleSubmit, setError } = useForm<RedeemForm, unknown, z.output<typeof redeemRequestSchema>>({
    resolver: zodResolver(redeemRequestSchema),
    defaultValues: { code: '', email: '' },
  });
  const redeem = useMutation({
    mutationFn: redeemCode,
    // Its order page (the link is emailed too).
    onSuccess: (answer) => window.location.assign(answer.data.orderUrl),
    onError: (error) => {
      if (isAboutTheCode(error)) setError('code', { message: error.message });
      else if (error instanceof ApiError && error.field === 'email') setError('email', { message: error.message });
    },
  });
  const failure = redeem.error && !isAboutTheCode(redeem.error) && !(redeem.error instanceof ApiError && redeem.error.field === 'email') ? redeem.error : undefined;
  const isLeaving = redeem.isPending || redeem.isSuccess;
  return (
    <ShopPage title="Redeem a download code">
      <Stack component="form" noValidate onSubmit={handleSubmit((form) => redeem.mutate(form))} spacing={2} sx={{ maxWidth: 420 }} aria-label="Redeem a download code">
        <Typography color="text.secondary">Enter your code and your email: you get the download page of its release, and its link by email.</Typography>
        {failure && <Alert severity="error">{failure.message}</Alert>}
        <FormTextField control={control} name="code" label="Code" autoComplete="off" placeholder="ABCD-EFGH-JKMN" required fullWidth slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }} />
        <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" required fullWidth />
        <Button type="submit" variant="contained" disabled={isLeaving} sx={{ alignSelf: 'flex-start' }}>
          {isLeaving ? 'Processing...' : 'Redeem'}
        </Button>
      </Stack>
    </ShopPage>
  );
}
