import { FormControlLabel, FormHelperText, Switch, TextField } from '@mui/material';
import { useState } from 'react';
import { adminTrackUpdateFields, type AdminTrack, type AdminTrackUpdateField } from '../../../../shared/api/admin-catalog.js';
import { pinRelease, updateTrack } from '../api/admin-catalog.js';
import { EditDialog, useEditSave } from './edit-dialog.js';
import { trackChanges, trackFormValues, type TrackFormValues } from './track-edit-form.js';

const fields: { name: AdminTrackUpdateField; label: string; helper?: string; inputMode?: 'numeric' }[] = [
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
  const { isSaving, errors, failure, reject, save } = useEditSave({ fields: adminTrackUpdateFields, what: 'track', onSaved: onClose });
  const [initial] = useState(() => trackFormValues(track));
  const [values, setValues] = useState<TrackFormValues>(initial);
  const [pinned, setPinned] = useState(track.release.pinned);
  const isDirty = pinned !== track.release.pinned || fields.some(({ name }) => values[name] !== initial[name]);

  const submit = () => {
    const { changes, errors: invalid } = trackChanges(initial, values);
    if (Object.keys(invalid).length > 0) {
      reject(invalid);
      return;
    }
    const send = async () => {
      if (Object.keys(changes).length > 0) await updateTrack(token, track.id, changes);
      if (pinned !== track.release.pinned) await pinRelease(token, track.release.id, pinned);
    };
    void save(send, `Saved “${values.title.trim()}”`);
  };

  return (
    <EditDialog open={open} title="Edit track" isSaving={isSaving} failure={failure} canSave={isDirty} onClose={onClose} onSubmit={submit}>
      {fields.map(({ name, label, helper, inputMode }) => (
        <TextField
          key={name}
          name={name}
          label={label}
          value={values[name]}
          onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
          error={Boolean(errors[name])}
          helperText={errors[name] ?? helper}
          required={name === 'title'}
          fullWidth
          slotProps={{ htmlInput: { inputMode } }}
        />
      ))}
      <div>
        <FormControlLabel
          control={<Switch checked={pinned} onChange={(event) => setPinned(event.target.checked)} />}
          label="Pin release to Top Releases"
        />
        <FormHelperText sx={{ mt: 0 }}>{`The whole release “${track.release.title}” goes first in its label's Top Releases.`}</FormHelperText>
      </div>
    </EditDialog>
  );
}
