import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../lib/notifications.js';
import { useState } from 'react';
import type { AdminTrack } from '../../../../shared/api/admin-catalog.js';
import { trackTitle } from '../../../../shared/domain/track-title.js';
import { deleteTrack, refreshAdminData } from '../api/admin-catalog.js';

interface Props {
  /** The track to delete (kept while the dialog fades out). */
  track: AdminTrack | null;
  open: boolean;
  token: string;
  onClose: () => void;
}

/** docs/product.md §10.6: deleting a track asks first, naming it. */
export function TrackDeleteDialog({ track, open, token, onClose }: Props) {
  const queryClient = useQueryClient();
  const [isDeleting, setIsDeleting] = useState(false);
  const [failure, setFailure] = useState<{ trackId: string; message: string } | null>(null);
  const close = () => {
    if (isDeleting) return;
    setFailure(null);
    onClose();
  };

  const confirm = async () => {
    if (!track) return;
    setIsDeleting(true);
    try {
      const answer = await deleteTrack(token, track.id);
      notify(answer.message, { variant: 'success' });
      setFailure(null);
      onClose();
    } catch (error) {
      setFailure({ trackId: track.id, message: error instanceof Error ? error.message : 'The track could not be deleted' });
    } finally {
      setIsDeleting(false);
      void refreshAdminData(queryClient);
    }
  };

  const name = track ? trackTitle(track) : '';
  return (
    <Dialog open={open && track !== null} onClose={close} maxWidth="xs" fullWidth aria-labelledby="track-delete-title">
      <DialogTitle id="track-delete-title">{`Delete “${name}”?`}</DialogTitle>
      <DialogContent>
        {failure?.trackId === track?.id && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure?.message}
          </Alert>
        )}
        <DialogContentText>
          {`It disappears from the site at once, from “${track?.release.title ?? ''}”, with its credits and play counts. This cannot be undone.`}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={isDeleting}>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={isDeleting}>
          {isDeleting ? 'Deleting...' : 'Delete'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
