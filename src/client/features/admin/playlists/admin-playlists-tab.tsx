import AddIcon from '@mui/icons-material/Add';
import { zodResolver } from '@hookform/resolvers/zod';
import { Avatar, Box, Button, Chip, List, ListItemAvatar, ListItemButton, ListItemText, MenuItem, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { adminPlaylistCreateSchema, type AdminPlaylist, type AdminPlaylistCreateInput } from '../../../../shared/api/admin-playlists.js';
import { generatedImageCopies } from '../../../../shared/generated-images.js';
import { labels } from '../../../../shared/labels.js';
import { FormTextField } from '../../../components/form-text-field.js';
import { adminPlaylistsQuery, createPlaylist } from '../api/admin-playlists.js';
import { labelName } from '../components/admin-format.js';
import { FilterSelect } from '../components/admin-table.js';
import { EditDialog, useEditMutation } from '../components/edit-dialog.js';
import { RetryAlert } from '../components/retry-alert.js';
import { useAdminToken } from '../shell/admin-outlet-context.js';
import { PlaylistEditorDialog } from './playlist-editor-dialog.js';

const labelOptions = labels.map((label) => ({ value: label.id, label: label.name }));

/**
 * Issue 35, playlists curated by staff (docs/decisions/0104): each label's playlists in their order, drafts
 * too; a row opens its editor (cover, words, tracks, status), "New playlist" makes a draft and opens it.
 */
export function AdminPlaylistsTab() {
  const token = useAdminToken();
  const [label, setLabel] = useState('');
  const query = useQuery(adminPlaylistsQuery(token, { label: label || undefined }));
  const [editing, setEditing] = useState<{ id: string | null; open: boolean }>({ id: null, open: false });
  const [isCreating, setIsCreating] = useState(false);

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <FilterSelect label="Label" value={label} options={labelOptions} onChange={setLabel} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setIsCreating(true)} sx={{ ml: { sm: 'auto' } }}>
          New playlist
        </Button>
      </Stack>
      {query.isError && <RetryAlert message={query.error.message} onRetry={() => void query.refetch()} />}
      <Paper variant="outlined">
        {query.isPending ? (
          <Skeleton variant="rounded" height={240} aria-label="Loading the playlists" />
        ) : query.data?.data.length === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            No playlists yet
          </Typography>
        ) : (
          <List aria-label="Playlists" disablePadding>
            {query.data?.data.map((playlist) => <PlaylistRow key={playlist.id} playlist={playlist} onOpen={() => setEditing({ id: playlist.id, open: true })} />)}
          </List>
        )}
      </Paper>
      <NewPlaylistDialog
        open={isCreating}
        token={token}
        defaultLabel={label || labels[0]!.id}
        onClose={() => setIsCreating(false)}
        onCreated={(id) => {
          setIsCreating(false);
          setEditing({ id, open: true });
        }}
      />
      {editing.id && <PlaylistEditorDialog playlistId={editing.id} open={editing.open} token={token} onClose={() => setEditing((e) => ({ ...e, open: false }))} />}
    </Box>
  );
}

function PlaylistRow({ playlist, onOpen }: { playlist: AdminPlaylist; onOpen: () => void }) {
  const thumbnail = playlist.cover_url ? (generatedImageCopies(playlist.cover_url)[0]?.url ?? playlist.cover_url) : undefined;
  const tracks = `${playlist.track_count} track${playlist.track_count === 1 ? '' : 's'}`;
  return (
    <ListItemButton divider onClick={onOpen} sx={{ gap: 1, flexWrap: 'wrap' }}>
      <ListItemAvatar>
        {/* The title beside it names the playlist: the picture is decoration. */}
        <Avatar variant="rounded" src={thumbnail} alt="" sx={{ width: 48, height: 48 }}>
          {playlist.title.slice(0, 1)}
        </Avatar>
      </ListItemAvatar>
      <ListItemText
        primary={playlist.title}
        secondary={[labelName(playlist.label_id), tracks, playlist.rule ? 'filled by its rule' : null].filter(Boolean).join(' · ')}
        slotProps={{ primary: { sx: { fontWeight: 600 } } }}
      />
      <Chip label={playlist.status === 'draft' ? 'Draft' : 'Published'} color={playlist.status === 'draft' ? 'default' : 'success'} size="small" variant={playlist.status === 'draft' ? 'outlined' : 'filled'} />
    </ListItemButton>
  );
}

const createFields = ['label_id', 'title', 'description'] as const;

function NewPlaylistDialog({ open, token, defaultLabel, onClose, onCreated }: { open: boolean; token: string; defaultLabel: string; onClose: () => void; onCreated: (id: string) => void }) {
  const { control, handleSubmit, setError, reset } = useForm<AdminPlaylistCreateInput>({
    resolver: zodResolver(adminPlaylistCreateSchema),
    values: { label_id: defaultLabel, title: '', description: '' },
  });
  const save = useEditMutation({
    fields: createFields,
    setError,
    send: (input: AdminPlaylistCreateInput) => createPlaylist(token, input),
    savedMessage: (input) => `Made the playlist “${input.title}”, a draft`,
    onSaved: () => undefined,
  });
  return (
    <EditDialog
      open={open}
      title="New playlist"
      isSaving={save.isPending}
      failure={save.error?.message ?? null}
      onClose={() => {
        reset();
        save.reset();
        onClose();
      }}
      onSubmit={handleSubmit(async (values) => {
        // A refusal shows on its field and in the dialog's alert (useEditMutation).
        const answer = (await save.mutateAsync(values).catch(() => undefined)) as Awaited<ReturnType<typeof createPlaylist>> | undefined;
        if (!answer) return;
        reset();
        onCreated(answer.data.id);
      })}
    >
      <FormTextField control={control} name="label_id" label="Label" select fullWidth>
        {labels.map((l) => (
          <MenuItem key={l.id} value={l.id}>
            {l.name}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField control={control} name="title" label="Title" required fullWidth />
      <FormTextField control={control} name="description" label="Description" multiline minRows={2} fullWidth />
    </EditDialog>
  );
}
