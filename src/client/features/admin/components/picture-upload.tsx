import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import { Alert, Avatar, Box, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ImageMatch } from '../../../../shared/api/admin-media.js';
import { generatedImageCopies } from '../../../../shared/generated-images.js';
import { notify } from '../../../lib/notifications.js';
import { refreshAdminData } from '../api/admin-catalog.js';
import { imageJobsQuery, uploadMediaOf } from '../api/admin-media.js';
import { FileButton } from './file-button.js';

/** The image types the server takes (JPEG, PNG, WebP). */
export const pictureAccept = 'image/jpeg,image/png,image/webp';

interface Props {
  token: string;
  /** The release or artist id the file is sent under. */
  targetId: string;
  /** "Cover" or "Picture". */
  label: string;
  /** What it shows now. */
  currentUrl: string | null;
  /** Whose picture, for the alt text and the snackbar ("No More", "Kwal"). */
  name: string;
}

/**
 * A release's cover or an artist's picture, with "Upload": the file goes to `POST /api/admin/media`
 * under the target's id, and the picture is made by a job (docs/decisions/0091): "Processing…" until it is
 * ready (then shown) or failed (the reason shown). A refusal (a wrong type, too small) shows with the
 * file's own name.
 */
export function PictureUpload({ token, targetId, label, currentUrl, name }: Props) {
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const { data } = await uploadMediaOf(token, targetId, file);
      const miss = data.refused[0] ?? data.unmatched[0];
      // The server names the file as it was sent (the target's id): the admin chose another name.
      if (miss) throw new Error(`${file.name} ${miss.reason.slice(miss.file.length + 1)}`);
      return data.matched[0] as ImageMatch | undefined;
    },
    onSettled: () => void refreshAdminData(queryClient),
  });
  const jobId = upload.data?.job?.id;
  const jobs = useQuery(imageJobsQuery(token, jobId ? [jobId] : []));
  const job = jobs.data?.[0];
  const isMade = upload.data !== undefined && (jobId === undefined || job?.status === 'ready');
  const failure = job?.status === 'failed' ? job.message : null;
  useEffect(() => {
    if (!isMade) return;
    notify(`${label} of ${name} uploaded`, { variant: 'success' });
    void refreshAdminData(queryClient);
  }, [isMade, label, name, queryClient]);
  const isProcessing = upload.data !== undefined && !isMade && failure === null;
  const shown = (isMade ? upload.data?.url : undefined) ?? currentUrl;
  const thumbnail = shown ? (generatedImageCopies(shown)[0]?.url ?? shown) : undefined;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Avatar variant="rounded" src={thumbnail} alt={`${name} ${label.toLowerCase()}`} sx={{ width: 64, height: 64 }} />
        <Box>
          <Typography variant="subtitle2" component="p">
            {label}
          </Typography>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {isProcessing ? 'Processing…' : 'JPEG, PNG or WebP, at least 500 px a side'}
          </Typography>
        </Box>
        <FileButton
          label={upload.isPending ? 'Uploading…' : `Upload ${label.toLowerCase()}`}
          fileLabel={`${label} file`}
          accept={pictureAccept}
          icon={<AddPhotoAlternateIcon />}
          disabled={upload.isPending}
          onFile={(file) => upload.mutate(file)}
        />
      </Box>
      {upload.isError && <Alert severity="error">{upload.error.message}</Alert>}
      {failure !== null && <Alert severity="error">{failure}</Alert>}
    </Box>
  );
}
