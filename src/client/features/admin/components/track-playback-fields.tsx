import { Box, FormControlLabel, FormHelperText, Switch } from '@mui/material';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field.js';

interface Props<Values extends FieldValues, Context, Output extends FieldValues> {
  control: Control<Values, Context, Output>;
  /** Where the form holds the preview window (m:ss text), the member download switch and the instant grat switch. */
  names: { previewStart: Path<Values>; previewLength: Path<Values>; memberDownload: Path<Values>; instantGrat: Path<Values> };
  size?: 'small' | 'medium';
}

/**
 * What a track's uploaded audio is used for (docs/decisions/0026, 0064): the preview window cut from it,
 * whether active VIP members download it and whether a pre-order's buyer downloads it at once (an instant
 * grat, issue 36). One part for the release editor's tracks and the Edit track dialog.
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
      <SwitchField
        control={control}
        name={names.memberDownload}
        label="VIP members download the uploaded audio"
        help="Active VIP members download it as uploaded or as WAV, FLAC, AIFF or MP3, as they choose; others are asked to join VIP."
      />
      <SwitchField
        control={control}
        name={names.instantGrat}
        label="Instant grat: pre-order buyers get it at once"
        help="Bought before the release day, this track downloads at once; the others on the release day."
      />
    </>
  );
}

/** A switch across the row, with its help below. */
function SwitchField<Values extends FieldValues, Context, Output extends FieldValues>({
  control,
  name,
  label,
  help,
}: {
  control: Control<Values, Context, Output>;
  name: Path<Values>;
  label: string;
  help: string;
}) {
  return (
    <Box sx={{ gridColumn: '1 / -1' }}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <FormControlLabel
            control={<Switch checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} slotProps={{ input: { ref: field.ref } }} />}
            label={label}
          />
        )}
      />
      <FormHelperText sx={{ mt: 0 }}>{help}</FormHelperText>
    </Box>
  );
}
