import { Box, FormControlLabel, FormHelperText, Switch } from '@mui/material';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field.js';

interface Props<Values extends FieldValues, Context, Output extends FieldValues> {
  control: Control<Values, Context, Output>;
  /** Where the form holds the preview window (m:ss text) and the member download switch. */
  names: { previewStart: Path<Values>; previewLength: Path<Values>; memberDownload: Path<Values> };
  size?: 'small' | 'medium';
}

/**
 * What a track's uploaded audio is used for (docs/decisions/0026, 0064): the preview window cut from it and
 * whether active VIP members download it. One part for the release editor's tracks and the Edit track dialog.
 */
export function TrackPlaybackFields<Values extends FieldValues, Context, Output extends FieldValues>({ control, names, size }: Props<Values, Context, Output>) {
  return (
    <>
      <FormTextField
        control={control}
        name={names.previewStart}
        label="Preview start"
        helperText="m:ss into uploaded audio (empty: 25% of the track)"
        size={size}
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <FormTextField
        control={control}
        name={names.previewLength}
        label="Preview length"
        helperText="m:ss (empty: 1:00)"
        size={size}
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Controller
          control={control}
          name={names.memberDownload}
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} slotProps={{ input: { ref: field.ref } }} />}
              label="VIP members download the uploaded audio"
            />
          )}
        />
        <FormHelperText sx={{ mt: 0 }}>Active VIP members download it as uploaded or as WAV, FLAC, AIFF or MP3, as they choose; others are asked to join VIP.</FormHelperText>
      </Box>
    </>
  );
}
