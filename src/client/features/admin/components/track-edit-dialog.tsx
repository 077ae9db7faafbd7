import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import type { AdminTrack, AdminTrackUpdateField } from '../../../../shared/api/admin-catalog.js';
import { ApiError } from '../../../lib/api-client.js';
import { pinRelease, refreshAdminData, updateTrack } from '../api/admin-catalog.js';
import { trackChanges, trackFormValues, type TrackFormErrors, type TrackFormValues } from './track-edit-form.js';

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

/** DECISIONS §6: the Tracks tab's edit dialog, validated as the server validates. */
export function TrackEditDialog({ track, open, token, onClose }: Props) {
  const [isSaving, setIsSaving] = useState(false);
  const close = () => {
    if (!isSaving) onClose();
  };
  return (
    <Dialog open={open && track !== null} onClose={close} fullWidth maxWidth="sm" aria-labelledby="track-edit-title">
      {/* Remounted for each track, so that every opening starts from the stored values. */}
      {track && (
        <TrackEditForm key={track.id} track={track} token={token} isSaving={isSaving} setIsSaving={setIsSaving} onClose={close} onSaved={onClose} />
      )}
    </Dialog>
  );
}

function TrackEditForm({
  track,
  token,
  isSaving,
  setIsSaving,
  onClose,
  onSaved,
}: {
  track: AdminTrack;
  token: string;
  isSaving: boolean;
  setIsSaving: (value: boolean) => void;
  onClose: () => void;
  onSaved: () => void;
}) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [initial] = useState(() => trackFormValues(track));
  const [values, setValues] = useState<TrackFormValues>(initial);
  const [pinned, setPinned] = useState(track.release.pinned);
  const [errors, setErrors] = useState<TrackFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const isDirty = pinned !== track.release.pinned || fields.some(({ name }) => values[name] !== initial[name]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { changes, errors: invalid } = trackChanges(initial, values);
    setErrors(invalid);
    setFailure(null);
    if (Object.keys(invalid).length > 0) return;
    setIsSaving(true);
    try {
      if (Object.keys(changes).length > 0) await updateTrack(token, track.id, changes);
      if (pinned !== track.release.pinned) await pinRelease(token, track.release.id, pinned);
    } catch (error) {
      setIsSaving(false);
      const field = error instanceof ApiError ? (error.field as AdminTrackUpdateField | undefined) : undefined;
      if (field && field in initial) setErrors({ [field]: (error as Error).message });
      setFailure(error instanceof Error ? error.message : 'The track could not be saved');
      // A part may have been saved before the failure: show what the server now has.
      void refreshAdminData(queryClient);
      return;
    }
    setIsSaving(false);
    enqueueSnackbar(`Saved “${values.title.trim()}”`, { variant: 'success' });
    void refreshAdminData(queryClient);
    onSaved();
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby="track-edit-title">
      <DialogTitle id="track-edit-title">Edit track</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
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
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={isSaving}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={isSaving || !isDirty}>
          {isSaving ? 'Saving...' : 'Save'}
        </Button>
      </DialogActions>
    </form>
  );
}
