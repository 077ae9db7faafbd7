import { Chip, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { adminArtistUpdateSchema, maxArtistBioLength, type AdminArtist } from '../../../../shared/api/admin-catalog.js';
import { updateArtist } from '../api/admin-catalog.js';
import { EditDialog, useEditSave, type FieldErrors } from './edit-dialog.js';

const fields = ['bio', 'genres'] as const;
type Field = (typeof fields)[number];

/** "House, Tech House,, " → ['House', 'Tech House']: a blank between commas is no genre. */
function parseGenres(text: string): string[] {
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
export function ArtistEditDialog({ artist, ...props }: Props) {
  // Remounted for each artist, so that every opening starts from the stored values.
  return artist && <ArtistEditForm key={artist.id} artist={artist} {...props} />;
}

function ArtistEditForm({ artist, open, token, onClose }: Props & { artist: AdminArtist }) {
  const { isSaving, errors, failure, reject, save } = useEditSave({ fields, what: 'artist', onSaved: onClose });
  const [bio, setBio] = useState(artist.bio ?? '');
  const [genresText, setGenresText] = useState(artist.genres.join(', '));
  const checked = adminArtistUpdateSchema.safeParse({ bio, genres: parseGenres(genresText) });

  const submit = () => {
    if (!checked.success) {
      const invalid: FieldErrors<Field> = {};
      for (const issue of checked.error.issues) invalid[issue.path[0] as Field] ??= issue.message;
      reject(invalid);
      return;
    }
    void save(() => updateArtist(token, artist.id, checked.data), `Saved ${artist.name}`);
  };

  return (
    <EditDialog open={open} title={`Edit ${artist.name}`} isSaving={isSaving} failure={failure} onClose={onClose} onSubmit={submit}>
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
    </EditDialog>
  );
}
