import AudioFileIcon from '@mui/icons-material/AudioFile';
import { Alert, Box, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReleaseDetail } from '../../../../shared/api/admin-releases.js';
import type { TrackAudioStatus } from '../../../../shared/api/admin-audio.js';
import { notify } from '../../../lib/notifications.js';
import { refreshAdminData } from '../api/admin-catalog.js';
import { uploadMediaOf } from '../api/admin-media.js';
import { FileButton } from './file-button.js';

/** The audio types the server takes (docs/decisions/0026). */
const audioAccept = '.wav,.flac,.aif,.aiff,.mp3,audio/*';

const statusText: Readonly<Record<TrackAudioStatus, string>> = {
  queued: 'preview waiting to be cut',
  cutting: 'cutting the preview…',
  ready: 'preview ready',
  failed: 'the preview could not be cut',
};

/** The file's name, unless it is the track's id the editor sent it under. */
const audioName = (fileName: string, trackId: string) => (fileName.startsWith(`${trackId}.`) ? 'Audio uploaded' : `Audio: ${fileName}`);

interface Props {
  token: string;
  trackId: string;
  /** How the track is named ("No More (Extended Mix)"), for the button and the snackbar. */
  name: string;
  audio: AdminReleaseDetail['tracks'][number]['audio'];
}

/**
 * A track's master: its uploaded audio and the state of its preview, with "Upload audio" (or "Replace
 * audio"): the file goes to `POST /api/admin/media` under the track's id, which cuts the previews
 * (docs/decisions/0026); a refusal shows with the file's own name.
 */
export function TrackAudioUpload({ token, trackId, name, audio }: Props) {
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const { data } = await uploadMediaOf(token, trackId, file);
      const miss = data.refused[0] ?? data.unmatched[0];
      // The server names the file as it was sent (the track's id): the admin chose another name.
      if (miss) throw new Error(`${file.name} ${miss.reason.slice(miss.file.length + 1)}`);
    },
    onSuccess: () => notify(`Audio of ${name} uploaded: its preview is being cut`, { variant: 'success' }),
    onSettled: () => void refreshAdminData(queryClient),
  });
  const action = audio ? 'Replace audio' : 'Upload audio';
  return (
    <Box sx={{ display: 'grid', gap: 1, gridColumn: '1 / -1' }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {audio ? `${audioName(audio.file_name, trackId)}, ${statusText[audio.status]}` : 'No audio uploaded: WAV, FLAC, AIFF or MP3'}
        </Typography>
        <FileButton
          label={upload.isPending ? 'Uploading…' : action}
          fileLabel={`Audio file of ${name}`}
          accept={audioAccept}
          icon={<AudioFileIcon />}
          size="small"
          disabled={upload.isPending}
          onFile={(file) => upload.mutate(file)}
        />
      </Box>
      {upload.isError && <Alert severity="error">{upload.error.message}</Alert>}
    </Box>
  );
}
