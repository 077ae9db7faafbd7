import { Box, Checkbox, FormControlLabel, TextField } from '@mui/material';
import { Controller, type Control } from 'react-hook-form';
import { demoMessages } from '../../../../shared/domain/demo-form.js';
import type { DemoFormValues, SocialFieldPath } from './demo-form-values.js';

/**
 * docs/product.md §5: a social link is required unless its "Don't have" box is ticked. Ticked, the input is
 * disabled and the value is null (what is sent); unticked, it is an empty field again.
 */
export function SocialLinkField({ control, name, network }: { control: Control<DemoFormValues>; name: SocialFieldPath; network: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const isUnavailable = field.value === null;
        return (
          <Box>
            <TextField
              label={network}
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              disabled={isUnavailable}
              required={!isUnavailable}
              type="url"
              placeholder={isUnavailable ? '' : 'https://'}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? demoMessages.socialRequired}
              fullWidth
            />
            <FormControlLabel
              label="Don't have"
              control={
                <Checkbox
                  size="small"
                  checked={isUnavailable}
                  onChange={(event) => field.onChange(event.target.checked ? null : '')}
                  slotProps={{ input: { 'aria-label': `Don't have ${network}` } }}
                />
              }
            />
          </Box>
        );
      }}
    />
  );
}
