import { TextField, type TextFieldProps } from '@mui/material';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

type Props<Values extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  control: Control<Values>;
  name: Path<Values>;
};

/** A number of the settings (a price, days): an empty or unreadable box is no number, which the schema refuses. */
export function NumberField<Values extends FieldValues>({ control, name, helperText, ...props }: Props<Values>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      {...props}
      type="number"
      name={field.name}
      value={Number.isFinite(field.value) ? String(field.value) : ''}
      onChange={(event) => field.onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}

/** A text the settings may leave out (a badge, a Stripe price id): an empty box is null. */
export function OptionalTextField<Values extends FieldValues>({ control, name, helperText, ...props }: Props<Values>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(event.target.value.trim() === '' ? null : event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
