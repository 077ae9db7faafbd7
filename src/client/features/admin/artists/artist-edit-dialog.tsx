import { zodResolver } from '@hookform/resolvers/zod';
import { Chip, Stack } from '@mui/material';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { adminArtistUpdateSchema, artistGenresSchema, maxArtistBioLength, type AdminArtist, type AdminArtistUpdate } from '../../../../shared/api/admin-catalog.js';
import { FormTextField } from '../../../components/form-text-field.js';
import { updateArtist } from '../api/admin-catalog.js';
import { EditDialog, useEditMutation } from '../components/edit-dialog.js';
import { PictureUpload } from '../components/picture-upload.js';

interface ArtistFormValues {
  bio: string;
  /** Genres as typed, separated by commas. */
  genres: string;
}

const fields = ['bio', 'genres'] as const;

/** "House, Tech House,, " → ['House', 'Tech House']: a blank between commas is no genre. */
function parseGenres(text: string): string[] {
  return text
    .split(',')
    .map((genre) => genre.trim())
    .filter((genre) => genre !== '');
}

/** The form checked with the server's own schema; a refusal of one genre ("genres.3") shows on Genres. */
const artistFormSchema = z.object({ bio: z.string(), genres: z.string() }).transform((values, ctx): AdminArtistUpdate => {
  const checked = adminArtistUpdateSchema.safeParse({ bio: values.bio, genres: parseGenres(values.genres) });
  for (const issue of checked.error?.issues ?? []) ctx.addIssue({ code: 'custom', path: issue.path.slice(0, 1), message: issue.message });
  return checked.data ?? {};
});

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
  const { control, handleSubmit, setError } = useForm<ArtistFormValues, unknown, AdminArtistUpdate>({
    resolver: zodResolver(artistFormSchema),
    defaultValues: { bio: artist.bio ?? '', genres: artist.genres.join(', ') },
  });
  const save = useEditMutation({
    fields,
    setError,
    send: (update: AdminArtistUpdate) => updateArtist(token, artist.id, update),
    savedMessage: () => `Saved ${artist.name}`,
    onSaved: onClose,
  });
  const [bio, genresText] = useWatch({ control, name: ['bio', 'genres'] });
  const preview = artistGenresSchema.safeParse(parseGenres(genresText));
  const genres = preview.success ? preview.data : [];
  const bioHelp = `${bio.trim().length} / ${maxArtistBioLength} characters (empty for none)`;

  return (
    <EditDialog
      open={open}
      title={`Edit ${artist.name}`}
      isSaving={save.isPending}
      failure={save.error?.message ?? null}
      onClose={onClose}
      onSubmit={handleSubmit((update) => save.mutate(update))}
    >
      <PictureUpload token={token} targetId={artist.id} label="Picture" currentUrl={artist.image_url} name={artist.name} />
      <FormTextField control={control} name="bio" label="Bio" helperText={bioHelp} multiline minRows={4} maxRows={12} fullWidth />
      <FormTextField control={control} name="genres" label="Genres" helperText="Separated by commas" fullWidth />
      {genres.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} aria-label="Genres to save">
          {genres.map((genre) => <Chip key={genre} label={genre} size="small" />)}
        </Stack>
      )}
    </EditDialog>
  );
}
