import { Grid } from '@mui/material';
import type { Control } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field.js';
import type { DemoFormValues } from './demo-form-values.js';
import { EntryCard } from './entry-card.js';

/** docs/product.md §3 track: name, genre and the private SoundCloud link the label listens to. */
export function TrackFields({ control, index, onRemove }: { control: Control<DemoFormValues>; index: number; onRemove?: () => void }) {
  return (
    <EntryCard title={`Track ${index + 1}`} onRemove={onRemove}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField fullWidth control={control} name={`tracks.${index}.name`} label="Track name" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField fullWidth control={control} name={`tracks.${index}.genre`} label="Genre" required />
        </Grid>
        <Grid size={12}>
          <FormTextField fullWidth
            control={control}
            name={`tracks.${index}.soundCloudPrivateLink`}
            label="Private SoundCloud link"
            type="url"
            placeholder="https://soundcloud.com/you/track-name/s-…"
            helperText="The private share link of the track on SoundCloud"
            required
          />
        </Grid>
      </Grid>
    </EntryCard>
  );
}
