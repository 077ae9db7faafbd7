import { MenuItem } from '@mui/material';
import { useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { shopCurrencies } from '../../../../shared/api/shop.js';
import { FormTextField } from '../../../components/form-text-field.js';
import { priceKinds, type PriceKind } from './release-form.js';

const kindLabels: Readonly<Record<Exclude<PriceKind, 'none'>, string>> = {
  free: 'Free download',
  fixed: 'Fixed price',
  pay_what_you_want: 'Pay what you want',
};

interface Props<Values extends FieldValues, Context, Output extends FieldValues> {
  control: Control<Values, Context, Output>;
  /** Where the form holds the price (`{ kind, amount, currency }`): `price`, or a track's `tracks.2.price`. */
  name: string;
  /** What "none" means here: "Not sold" for a release, "Not sold alone" for a track. */
  noneLabel: string;
  /** Under the kind: what the price makes of the sale now. */
  helperText?: string;
  size?: 'small' | 'medium';
}

/**
 * A price as staff set it (issue 36, docs/decisions/0105): not sold, free, fixed, or pay what you want from
 * a minimum, with its currency. Three cells of the caller's grid; the release's Price section and each track's.
 */
export function PriceFields<Values extends FieldValues, Context, Output extends FieldValues>({ control, name, noneLabel, helperText, size }: Props<Values, Context, Output>) {
  const path = (field: 'kind' | 'amount' | 'currency') => `${name}.${field}` as Path<Values>;
  const kind = useWatch({ control, name: path('kind') }) as PriceKind;
  const isPriced = kind === 'fixed' || kind === 'pay_what_you_want';
  return (
    <>
      <FormTextField control={control} name={path('kind')} label="Sold as" select fullWidth size={size} helperText={helperText}>
        {priceKinds.map((option) => (
          <MenuItem key={option} value={option}>
            {option === 'none' ? noneLabel : kindLabels[option]}
          </MenuItem>
        ))}
      </FormTextField>
      {isPriced && (
        <>
          <FormTextField
            control={control}
            name={path('amount')}
            label={kind === 'fixed' ? 'Amount' : 'Minimum'}
            helperText={kind === 'fixed' ? 'Like 7.99' : 'Empty or 0: name your price'}
            fullWidth
            size={size}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <FormTextField control={control} name={path('currency')} label="Currency" select fullWidth size={size}>
            {shopCurrencies.map((currency) => (
              <MenuItem key={currency} value={currency}>
                {currency}
              </MenuItem>
            ))}
          </FormTextField>
        </>
      )}
    </>
  );
}
