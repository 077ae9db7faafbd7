import { Alert, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { adminArtistUpdateSchema, maxArtistBioLength, type AdminArtist } from '../../../../shared/api/admin-catalog.js';
import { ApiError } from '../../../lib/api-client.js';
import { refreshAdminData, updateArtist } from '../api/admin-catalog.js';

type Field = 'bio' | 'genres';

/** "House, Tech House,, " → ['House', 'Tech House']: a blank between commas is no genre. */
export function parseGenres(text: string): string[] {
  return text
    .split(',')
    .map((genre) => genre.trim())
    .filter((genre) => genre !== '');
}

interface Props {
  /** The artist being edited (kept while the dialog fades out). */
  artist: AdminArtist | null;
  open: boolean;
  token: string;
  onClose: () => void;
}

/** The Artists tab's edit dialog: bio and genres, validated as the server validates. */
export function ArtistEditDialog({ artist, open, token, onClose }: Props) {
  const [isSaving, setIsSaving] = useState(false);
  const close = () => {
    if (!isSaving) onClose();
  };
  return (
    <Dialog open={open && artist !== null} onClose={close} fullWidth maxWidth="sm" aria-labelledby="artist-edit-title">
      {artist && (
        <ArtistEditForm key={artist.id} artist={artist} token={token} isSaving={isSaving} setIsSaving={setIsSaving} onClose={close} onSaved={onClose} />
      )}
    </Dialog>
  );
}

function ArtistEditForm({
  artist,
  token,
  isSaving,
  setIsSaving,
  onClose,
  onSaved,
}: {
  artist: AdminArtist;
  token: string;
  isSaving: boolean;
  setIsSaving: (value: boolean) => void;
  onClose: () => void;
  onSaved: () => void;
}) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [bio, setBio] = useState(artist.bio ?? '');
  const [genresText, setGenresText] = useState(artist.genres.join(', '));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const checked = adminArtistUpdateSchema.safeParse({ bio, genres: parseGenres(genresText) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setIsSaving(true);
    try {
      await updateArtist(token, artist.id, checked.data);
    } catch (error) {
      setIsSaving(false);
      const field = error instanceof ApiError ? error.field?.split('.')[0] : undefined;
      if (field === 'bio' || field === 'genres') setErrors({ [field]: (error as Error).message });
      setFailure(error instanceof Error ? error.message : 'The artist could not be saved');
      return;
    }
    setIsSaving(false);
    enqueueSnackbar(`Saved ${artist.name}`, { variant: 'success' });
    void refreshAdminData(queryClient);
    onSaved();
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby="artist-edit-title">
      <DialogTitle id="artist-edit-title">{`Edit ${artist.name}`}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextField
            name="bio"
            label="Bio"
            value={bio}
            onChange={(event) => setBio(event.target.value)}
            error={Boolean(errors.bio)}
            helperText={errors.bio ?? `${bio.trim().length} / ${maxArtistBioLength} characters (empty for none)`}
            multiline
            minRows={4}
            maxRows={12}
            fullWidth
          />
          <TextField
            name="genres"
            label="Genres"
            value={genresText}
            onChange={(event) => setGenresText(event.target.value)}
            error={Boolean(errors.genres)}
            helperText={errors.genres ?? 'Separated by commas'}
            fullWidth
          />
          {checked.success && (checked.data.genres?.length ?? 0) > 0 && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} aria-label="Genres to save">
              {checked.data.genres?.map((genre) => <Chip key={genre} label={genre} size="small" />)}
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={isSaving}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={isSaving}>
          {isSaving ? 'Saving...' : 'Save'}
        </Button>
      </DialogActions>
    </form>
  );
}
