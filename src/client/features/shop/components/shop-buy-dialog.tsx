import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Dialog, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { isChargeable, leastCharge, orderRequestSchema, shopMessages, type ReleasePrice } from '../../../../shared/api/shop.js';
import { releaseDay, releaseTitle } from '../../../../shared/domain/release-display.js';
import { memberPrice } from '../../../../shared/domain/vip-price.js';
import { DialogFormActions } from '../../../components/dialog-form-actions.js';
import { trackTitle } from '../../../../shared/domain/track-title.js';
import { FormTextField } from '../../../components/form-text-field.js';
import { ApiError } from '../../../lib/api-client.js';
import type { BuyReleaseProps } from '../../../lib/shop-slot.js';
import { startOrder } from '../api/shop-api.js';
import { buyLabel, money, vipPriceNote } from './money.js';
import { useMemberDiscount } from './use-member-discount.js';

/**
 * The buyer's address and, pay-what-you-want, the amount (as typed: "7", "7.50" or "7,50"), at least
 * `least` (the release's minimum, a VIP member's lowered), and 0 or what Stripe can charge.
 */
function buyFormSchema(price: ReleasePrice, least: number) {
  const amount = orderRequestSchema.shape.amount
    .unwrap()
    .min(least, { error: shopMessages.belowMinimum(`${price.currency} ${least.toFixed(2)}`) })
    .refine((chosen) => isChargeable(chosen, price.currency), { error: shopMessages.belowLeastCharge(`${price.currency} ${leastCharge[price.currency].toFixed(2)}`) });
  return z.object({
    email: orderRequestSchema.shape.email,
    amount: price.pay_what_you_want
      ? z
          .string()
          .trim()
          .transform((typed) => (typed === '' ? Number.NaN : Number(typed.replace(',', '.'))))
          .pipe(amount)
      : z.string().transform(() => undefined),
  });
}
type BuyFormInput = z.input<ReturnType<typeof buyFormSchema>>;
type BuyForm = z.output<ReturnType<typeof buyFormSchema>>;

const isField = (field: string | undefined): field is 'email' | 'amount' => field === 'email' || field === 'amount';

/**
 * Buying a release, or one of its tracks sold alone (issue 36): the buyer's email (the receipt and the
 * download page go there) and, pay-what-you-want, the amount; then Stripe's Checkout, or for nothing to
 * pay the order's page at once. A VIP member signed in sees their plan's discount and buys as a member
 * (the server applies it). The server's refusal names its field: shown under that field.
 */
export function BuyDialog({ open, onClose, release, track }: BuyReleaseProps & { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const price = (track ? track.price : release.price) as ReleasePrice;
  const title = track ? `${trackTitle(track)} (from ${releaseTitle(release)})` : releaseTitle(release);
  const member = useMemberDiscount(open);
  const least = memberPrice(price, member.percent);
  const suggested = price.pay_what_you_want && least > 0 ? least.toFixed(2) : '';
  const vipNote = vipPriceNote(price, member.percent);
  const { control, handleSubmit, setError, resetField } = useForm<BuyFormInput, unknown, BuyForm>({
    resolver: zodResolver(buyFormSchema(price, least)),
    defaultValues: { email: '', amount: suggested },
  });
  // The member's lowered minimum, once known, is the amount suggested (unless the buyer typed one).
  useEffect(() => resetField('amount', { defaultValue: suggested, keepDirty: true }), [resetField, suggested]);
  const buy = useMutation({
    mutationFn: (form: BuyForm) =>
      startOrder({ release_id: release.id, ...(track ? { track_id: track.id } : {}), email: form.email, ...(form.amount === undefined ? {} : { amount: form.amount }) }, { asMember: member.isSignedIn }),
    // Stripe's Checkout (or, nothing to pay, the order's page): the browser leaves for it.
    onSuccess: (answer) => window.location.assign(answer.data.checkoutUrl),
    onError: (error) => {
      if (error instanceof ApiError && isField(error.field)) setError(error.field, { message: error.message });
    },
  });
  const failure = buy.error && !(buy.error instanceof ApiError && isField(buy.error.field)) ? buy.error : undefined;
  const isLeaving = buy.isPending || buy.isSuccess;
  const close = () => {
    if (!isLeaving) onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form noValidate onSubmit={handleSubmit((form) => buy.mutate(form))}>
        <DialogTitle id={titleId}>{`${price.pay_what_you_want ? 'Name your price' : buyLabel(price, release.upcoming)}: ${title}`}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {release.upcoming && (
              <Alert severity="info">
                {`This is a pre-order: ${price.amount > 0 || price.pay_what_you_want ? 'you pay now, and ' : ''}we email your download link when it comes out${release.release_date ? ` on ${releaseDay(release.release_date)}` : ''}.`}
              </Alert>
            )}
            {failure && <Alert severity="error">{failure.message}</Alert>}
            {vipNote && (
              <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
                {vipNote}
              </Typography>
            )}
            <FormTextField
              control={control}
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              helperText="Your receipt and the link to your downloads go here."
              required
              fullWidth
              // A dialog moves focus into itself when it opens (WAI-ARIA dialog pattern): to its first field.
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus
            />
            {price.pay_what_you_want && (
              <FormTextField
                control={control}
                name="amount"
                label={`Amount (${price.currency})`}
                inputMode="decimal"
                helperText={least > 0 ? `${money(least, price.currency)} or more` : 'Any amount, or 0 to download it free'}
                required
                fullWidth
              />
            )}
            <Typography variant="body2" color="text.secondary">
              {price.amount > 0 || price.pay_what_you_want ? 'You pay on Stripe\'s secure page; no account needed.' : 'No account needed.'}
            </Typography>
          </Stack>
        </DialogContent>
        {/* Not before the member's price is known: what Continue charges. */}
        <DialogFormActions submitLabel="Continue" isProcessing={isLeaving} canSubmit={!member.isAsking} onCancel={close} />
      </form>
    </Dialog>
  );
}
