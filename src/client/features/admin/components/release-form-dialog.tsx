import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, MenuItem, Skeleton, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useFieldArray, useForm, type Path } from 'react-hook-form';
import type { AdminReleaseDetail } from '../../../../shared/api/admin-releases.js';
import { releaseStatuses } from '../../../../shared/domain/release-status.js';
import { releaseTypes } from '../../../../shared/domain/release-type.js';
import { storeServices } from '../../../../shared/domain/store-links.js';
import { labels } from '../../../../shared/labels.js';
import { FormTextField } from '../../../components/form-text-field.js';
import { ApiError } from '../../../lib/api-client.js';
import { notify } from '../../../lib/notifications.js';
import { adminReleaseQuery, createRelease, refreshAdminData, updateRelease } from '../api/admin-catalog.js';
import { PictureUpload } from './picture-upload.js';
import { emptyTrack, formFieldOf, shownCover, newReleaseValues, releaseBody, releaseFormSchema, releaseFormValues, type ReleaseFormValues } from './release-form.js';

/** What each status means, under the field (docs/decisions/0101). */
const statusHelp = {
  draft: 'Draft: never public, on no page, list, feed or sitemap',
  scheduled: 'Scheduled: announced as upcoming, public from its release date (a future date)',
  published: 'Published: public (upcoming while its date is in the future)',
} as const;

interface Props {
  /** The release to edit; null makes a new one. */
  releaseId: string | null;
  open: boolean;
  token: string;
  onClose: () => void;
}

/** Issue 24: a release made or edited by hand (its tracks, credits and store links), validated as the server validates. */
export function ReleaseFormDialog({ releaseId, open, token, onClose }: Props) {
  const titleId = useId();
  const stored = useQuery({ ...adminReleaseQuery(token, releaseId ?? ''), enabled: open && releaseId !== null });
  const isLoading = releaseId !== null && !stored.data;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{releaseId ? 'Edit release' : 'New release'}</DialogTitle>
      {stored.isError && (
        <DialogContent>
          <Alert severity="error">{stored.error.message}</Alert>
        </DialogContent>
      )}
      {isLoading && !stored.isError && (
        <DialogContent>
          <Skeleton variant="rounded" height={240} aria-label="Loading the release" />
        </DialogContent>
      )}
      {!isLoading && (
        // Remounted per release, so that each opening starts from the stored values.
        <ReleaseForm key={releaseId ?? 'new'} release={stored.data?.data} token={token} onClose={onClose} />
      )}
    </Dialog>
  );
}

function ReleaseForm({ release, token, onClose }: { release: AdminReleaseDetail | undefined; token: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const listId = useId();
  const { control, handleSubmit, setError, formState, watch } = useForm<ReleaseFormValues>({
    resolver: zodResolver(releaseFormSchema),
    defaultValues: release ? releaseFormValues(release) : newReleaseValues,
  });
  const tracks = useFieldArray({ control, name: 'tracks', keyName: 'key' });
  const links = useFieldArray({ control, name: 'links', keyName: 'key' });
  const save = useMutation({
    mutationFn: (values: ReleaseFormValues) => (release ? updateRelease(token, release.id, releaseBody(values)) : createRelease(token, releaseBody(values))),
    onSuccess: (answer) => {
      const saved = answer.data;
      notify(`Saved “${saved.title}”${saved.upcoming && saved.release_date ? `, out ${saved.release_date}` : ''}`, { variant: 'success' });
      onClose();
    },
    onError: (error) => {
      // A refusal naming a field shows on it too ("catalog_number", "tracks.1.isrc").
      if (error instanceof ApiError && error.field) setError(formFieldOf(error.field.split('.')) as Path<ReleaseFormValues>, { type: 'server', message: error.message });
    },
    onSettled: () => void refreshAdminData(queryClient),
  });

  return (
    <form noValidate aria-label={release ? 'Edit release' : 'New release'} onSubmit={handleSubmit((values) => save.mutate(values))}>
      <DialogContent dividers>
        <Stack spacing={2}>
          {save.error && <Alert severity="error">{save.error.message}</Alert>}
          {/* The cover goes under the release's id: a new release gets its cover once it exists. */}
          {release && <PictureUpload token={token} targetId={release.id} label="Cover" currentUrl={shownCover(release)} name={release.title} />}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormTextField control={control} name="title" label="Title" required fullWidth />
            <FormTextField control={control} name="version" label="Version" helperText="Radio Edit, Remixes, … (empty for none)" fullWidth />
            <FormTextField control={control} name="artists" label="Artists" helperText="Names, separated by commas; new names become artists" fullWidth />
            <FormTextField control={control} name="type" label="Type" select fullWidth>
              {releaseTypes.map((type) => (
                <MenuItem key={type} value={type} sx={{ textTransform: 'capitalize' }}>
                  {type}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField control={control} name="status" label="Status" select fullWidth helperText={statusHelp[watch('status')]}>
              {releaseStatuses.map((status) => (
                <MenuItem key={status} value={status} sx={{ textTransform: 'capitalize' }}>
                  {status}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField control={control} name="label_id" label="Label" select fullWidth>
              {labels.map((label) => (
                <MenuItem key={label.id} value={label.id}>
                  {label.name}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField
              control={control}
              name="release_date"
              label="Release date"
              type="date"
              helperText="A future date makes it upcoming: “Out {date}” until then"
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <FormTextField control={control} name="catalog_number" label="Catalog number" fullWidth />
            <FormTextField control={control} name="upc" label="UPC" fullWidth slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
            <FormTextField control={control} name="genres" label="Genres" helperText="Separated by commas" fullWidth />
          </Box>
          <FormTextField control={control} name="description" label="Description" multiline minRows={2} fullWidth />
          <FormTextField control={control} name="credits" label="Credits" helperText="Written by, produced by, mastered by, …" multiline minRows={2} fullWidth />

          <Typography variant="h6" component="h3">
            Tracks
          </Typography>
          {tracks.fields.map((track, index) => (
            <Box key={track.key} component="fieldset" aria-label={`Track ${index + 1}`} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0 }}>
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
                <Typography variant="subtitle2" component="legend">{`Track ${index + 1}`}</Typography>
                <IconButton aria-label={`Remove track ${index + 1}`} size="small" disabled={tracks.fields.length === 1} onClick={() => tracks.remove(index)}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Stack>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 2fr 1fr' } }}>
                <FormTextField control={control} name={`tracks.${index}.title`} label="Title" required size="small" />
                <FormTextField control={control} name={`tracks.${index}.mix_version`} label="Mix version" size="small" />
                <FormTextField control={control} name={`tracks.${index}.duration`} label="Duration" helperText="m:ss" size="small" />
                <FormTextField control={control} name={`tracks.${index}.artists`} label="Artists" helperText="Empty: the release's artists" size="small" />
                <FormTextField control={control} name={`tracks.${index}.remixers`} label="Remixers" size="small" />
                <FormTextField control={control} name={`tracks.${index}.isrc`} label="ISRC" size="small" />
              </Box>
            </Box>
          ))}
          <Button startIcon={<AddIcon />} onClick={() => tracks.append(emptyTrack)} sx={{ alignSelf: 'flex-start' }}>
            Add track
          </Button>

          <Typography variant="h6" component="h3">
            Buy / Stream links
          </Typography>
          <datalist id={listId}>
            {storeServices.map((service) => (
              <option key={service} value={service} />
            ))}
          </datalist>
          {links.fields.length === 0 && <Typography color="text.secondary">No store links yet.</Typography>}
          {links.fields.map((link, index) => (
            <Stack key={link.key} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
              <FormTextField control={control} name={`links.${index}.name`} label="Store" size="small" slotProps={{ htmlInput: { list: listId } }} sx={{ width: { sm: 200 } }} />
              <FormTextField control={control} name={`links.${index}.url`} label="URL" size="small" placeholder="https://…" sx={{ flexGrow: 1 }} />
              <IconButton aria-label={`Remove link ${index + 1}`} onClick={() => links.remove(index)} sx={{ alignSelf: 'center' }}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Stack>
          ))}
          <Button startIcon={<AddIcon />} onClick={() => links.append({ name: '', url: '' })} sx={{ alignSelf: 'flex-start' }}>
            Add link
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending || (release !== undefined && !formState.isDirty)}>
          {save.isPending ? 'Saving...' : release ? 'Save' : 'Create release'}
        </Button>
      </DialogActions>
    </form>
  );
}
