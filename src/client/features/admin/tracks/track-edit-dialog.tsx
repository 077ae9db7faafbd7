import { zodResolver } from '@hookform/resolvers/zod';
import { Box, FormControlLabel, FormHelperText, Switch } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import type { AdminTrack } from '../../../../shared/api/admin-catalog.js';
import { FormTextField } from '../../../components/form-text-field.js';
import { pinRelease, updateTrack } from '../api/admin-catalog.js';
import { EditDialog, useEditMutation } from '../components/edit-dialog.js';
import { PictureUpload } from '../components/picture-upload.js';
import { PriceFields } from '../components/price-fields.js';
import { TrackPlaybackFields } from '../components/track-playback-fields.js';
import { trackFormSchema, trackFormValues, type TrackEdit, type TrackFormValues, type TrackTextField } from './track-edit-form.js';

/** Typed in the part the release editor shares. */
const playbackFields = ['preview_start_ms', 'preview_length_ms'] as const;

const fields: { name: Exclude<TrackTextField, (typeof playbackFields)[number]>; label: string; helper?: string; inputMode?: 'numeric' }[] = [
  { name: 'title', label: 'Title' },
  { name: 'mix_version', label: 'Mix version', helper: 'Extended Mix, Radio Edit, … (empty for none)' },
  { name: 'duration_ms', label: 'Duration', helper: 'm:ss (empty when unknown)', inputMode: 'numeric' },
  { name: 'isrc', label: 'ISRC', helper: 'CC-XXX-YY-NNNNN' },
  { name: 'spotify_url', label: 'Spotify URL', helper: 'https://open.spotify.com/track/…' },
  { name: 'preview_url', label: 'Preview URL', helper: 'An audio URL or a /media/ path' },
];

interface Props {
  /** The track being edited (kept while the dialog fades out). */
  track: AdminTrack | null;
  open: boolean;
  token: string;
  onClose: () => void;
}

/** docs/product.md §10.6: the Tracks tab's edit dialog, validated as the server validates. */
export function TrackEditDialog({ track, ...props }: Props) {
  // Remounted for each track, so that every opening starts from the stored values.
  return track && <TrackEditForm key={track.id} track={track} {...props} />;
}

function TrackEditForm({ track, open, token, onClose }: Props & { track: AdminTrack }) {
  const initial = trackFormValues(track);
  const { control, handleSubmit, setError, formState } = useForm<TrackFormValues, unknown, TrackEdit>({
    resolver: zodResolver(trackFormSchema(initial)),
    defaultValues: initial,
  });
  const save = useEditMutation({
    fields: [...fields.map(({ name }) => name), ...playbackFields, 'price.amount', 'price.currency'],
    setError,
    send: async ({ changes, pinned }: TrackEdit) => {
      if (Object.keys(changes).length > 0) await updateTrack(token, track.id, changes);
      if (pinned !== track.release.pinned) await pinRelease(token, track.release.id, pinned);
    },
    savedMessage: ({ title }) => `Saved “${title}”`,
    onSaved: onClose,
  });

  return (
    <EditDialog
      open={open}
      title="Edit track"
      isSaving={save.isPending}
      failure={save.error?.message ?? null}
      canSave={formState.isDirty}
      onClose={onClose}
      onSubmit={handleSubmit((edit) => save.mutate(edit))}
    >
      <PictureUpload token={token} targetId={track.release.id} label="Cover" currentUrl={track.release.artwork_url} name={track.release.title} />
      {fields.map(({ name, label, helper, inputMode }) => (
        <FormTextField
          key={name}
          control={control}
          name={name}
          label={label}
          helperText={helper}
          required={name === 'title'}
          fullWidth
          slotProps={{ htmlInput: { inputMode } }}
        />
      ))}
      <TrackPlaybackFields
        control={control}
        names={{ previewStart: 'preview_start_ms', previewLength: 'preview_length_ms', memberDownload: 'member_download', instantGrat: 'instant_grat' }}
      />
      {/* Its price sold alone, as in the release editor (issue 36). */}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' } }}>
        <PriceFields control={control} name="price" noneLabel="Not sold alone" helperText="For sale alone once its master is uploaded, its release not a draft" />
      </Box>
      <div>
        <Controller
          control={control}
          name="pinned"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} slotProps={{ input: { ref: field.ref } }} />}
              label="Pin release to Top Releases"
            />
          )}
        />
        <FormHelperText sx={{ mt: 0 }}>{`The whole release “${track.release.title}” goes first in its label's Top Releases.`}</FormHelperText>
      </div>
    </EditDialog>
  );
}
