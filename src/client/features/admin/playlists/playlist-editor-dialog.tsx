import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Skeleton, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { adminPlaylistCreateSchema, type AdminPlaylistDetail } from '../../../../shared/api/admin-playlists.js';
import { FormTextField } from '../../../components/form-text-field.js';
import { notify } from '../../../lib/notifications.js';
import { refreshAdminData } from '../api/admin-catalog.js';
import { adminPlaylistQuery, deletePlaylist, updatePlaylist } from '../api/admin-playlists.js';
import { labelName } from '../components/admin-format.js';
import { useEditMutation } from '../components/edit-dialog.js';
import { PictureUpload } from '../components/picture-upload.js';
import { PlaylistTracks } from './playlist-tracks.js';

/** The words of a playlist: the server's rules and messages. */
const wordsSchema = adminPlaylistCreateSchema.pick({ title: true, description: true });
type Words = z.input<typeof wordsSchema>;
const wordFields = ['title', 'description'] as const;

interface Props {
  playlistId: string;
  open: boolean;
  token: string;
  onClose: () => void;
}

/** One playlist: its cover, title and description, its tracks (add, remove, move), Publish or Unpublish, Delete. */
export function PlaylistEditorDialog({ playlistId, open, token, onClose }: Props) {
  const titleId = useId();
  const stored = useQuery({ ...adminPlaylistQuery(token, playlistId), enabled: open });
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Edit playlist</DialogTitle>
      <DialogContent dividers>
        {stored.isError && <Alert severity="error">{stored.error.message}</Alert>}
        {!stored.data && !stored.isError && <Skeleton variant="rounded" height={240} aria-label="Loading the playlist" />}
        {/* Remounted per playlist, so that each opening starts from the stored words. */}
        {stored.data && <PlaylistEditor key={playlistId} playlist={stored.data.data} token={token} onDeleted={onClose} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function PlaylistEditor({ playlist, token, onDeleted }: { playlist: AdminPlaylistDetail; token: string; onDeleted: () => void }) {
  const queryClient = useQueryClient();
  const [isConfirming, setIsConfirming] = useState(false);
  const isDraft = playlist.status === 'draft';
  const { control, handleSubmit, setError, formState, reset } = useForm<Words>({
    resolver: zodResolver(wordsSchema),
    defaultValues: { title: playlist.title, description: playlist.description },
  });
  const saveWords = useEditMutation({
    fields: wordFields,
    setError,
    send: (words: Words) => updatePlaylist(token, playlist.id, words),
    savedMessage: (words) => `Saved “${words.title}”`,
    onSaved: () => undefined,
  });
  const publish = useMutation({
    mutationFn: () => updatePlaylist(token, playlist.id, { status: isDraft ? 'published' : 'draft' }),
    onSuccess: (answer) => notify(answer.data.status === 'published' ? `Published “${answer.data.title}”` : `“${answer.data.title}” is a draft again`, { variant: 'success' }),
    onSettled: () => void refreshAdminData(queryClient),
  });
  const remove = useMutation({
    mutationFn: () => deletePlaylist(token, playlist.id),
    onSuccess: (answer) => {
      notify(answer.message, { variant: 'success' });
      onDeleted();
    },
    onSettled: () => void refreshAdminData(queryClient),
  });

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Typography color="text.secondary">
          {`${labelName(playlist.label_id)} · ${isDraft ? 'Draft: on no public page' : `Published on the ${labelName(playlist.label_id)} playlists page`}`}
        </Typography>
        <Button variant={isDraft ? 'contained' : 'outlined'} onClick={() => publish.mutate()} disabled={publish.isPending}>
          {isDraft ? 'Publish' : 'Unpublish'}
        </Button>
      </Stack>
      {publish.error && <Alert severity="error">{publish.error.message}</Alert>}
      <PictureUpload token={token} targetId={playlist.id} label="Cover" currentUrl={playlist.cover_url} name={playlist.title} />
      <Box
        component="form"
        noValidate
        aria-label="Title and description"
        onSubmit={handleSubmit((words) => saveWords.mutate(words, { onSuccess: () => reset(words) }))}
        sx={{ display: 'grid', gap: 2 }}
      >
        {saveWords.error && <Alert severity="error">{saveWords.error.message}</Alert>}
        <FormTextField control={control} name="title" label="Title" required fullWidth />
        <FormTextField control={control} name="description" label="Description" multiline minRows={2} fullWidth />
        <Box>
          <Button type="submit" variant="contained" disabled={saveWords.isPending || !formState.isDirty}>
            {saveWords.isPending ? 'Saving...' : 'Save title and description'}
          </Button>
        </Box>
      </Box>
      <PlaylistTracks playlist={playlist} token={token} />
      {remove.error && <Alert severity="error">{remove.error.message}</Alert>}
      {isConfirming ? (
        <Alert
          severity="warning"
          action={
            <Stack direction="row" spacing={1}>
              <Button color="inherit" size="small" onClick={() => setIsConfirming(false)}>
                Keep
              </Button>
              <Button color="error" size="small" variant="contained" disabled={remove.isPending} onClick={() => remove.mutate()}>
                Delete
              </Button>
            </Stack>
          }
        >
          {`Delete “${playlist.title}”? Its tracks stay in the catalog.`}
        </Alert>
      ) : (
        <Box>
          <Button color="error" variant="outlined" onClick={() => setIsConfirming(true)}>
            Delete playlist
          </Button>
        </Box>
      )}
    </Stack>
  );
}
