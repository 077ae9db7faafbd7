import { TextField, type TextFieldProps } from '@mui/material';
import { Controller, type Control } from 'react-hook-form';
import type { DemoFormValues, TextFieldPath } from './demo-form-values.js';

type Props = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> & {
  control: Control<DemoFormValues>;
  name: TextFieldPath;
};

/** A text field of the demo form: its error replaces the helper text, so each message shows once. */
export function DemoTextField({ control, name, helperText, ...props }: Props) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          fullWidth
        />
      )}
    />
  );
}
