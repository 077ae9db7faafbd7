import { TextField, type TextFieldProps } from '@mui/material';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

type Props<Values extends FieldValues, Context, Output extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  /** The form's control, whatever its resolver makes of the values. */
  control: Control<Values, Context, Output>;
  name: Path<Values>;
  /** False where the form says its one message elsewhere (the login's alert). */
  showsError?: boolean;
};

/**
 * A text field of a react-hook-form form, controlled (MUI floats its label by the value it is given,
 * and reset() must lower it again). Its error replaces the helper text, so each message shows once.
 */
export function FormTextField<Values extends FieldValues, Context, Output extends FieldValues>({
  control,
  name,
  helperText,
  showsError = true,
  ...props
}: Props<Values, Context, Output>) {
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
          error={showsError && Boolean(fieldState.error)}
          helperText={(showsError ? fieldState.error?.message : undefined) ?? helperText}
        />
      )}
    />
  );
}
