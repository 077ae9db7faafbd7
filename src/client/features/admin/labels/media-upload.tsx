import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import { Alert, Box, Button, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { mediaMessages, mediaUploadLimits, type ImageJob, type MediaUploadReport } from '../../../../shared/api/admin-media.js';
import { refreshAdminData } from '../api/admin-catalog.js';
import { imageJobsQuery, isImageJobFinished, uploadMedia } from '../api/admin-media.js';
import { useAdminToken } from '../shell/admin-outlet-context.js';

const accept = 'image/jpeg,image/png,image/webp,.wav,.flac,.aif,.aiff,.mp3,audio/*,.zip,application/zip';

function totalSize(files: readonly File[]): number {
  return files.reduce((sum, file) => sum + file.size, 0);
}

function sizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

interface ReportItem {
  file: string;
  text: string;
  /** A cover's or picture's job: "Processing…", "Ready", "Failed: why". */
  state?: { text: string; isFailed: boolean };
}

/** One part of the report: its heading with the count, and each file with what happened to it. */
function ReportPart({ title, severity, items }: { title: string; severity: 'success' | 'warning' | 'error'; items: ReportItem[] }) {
  if (items.length === 0) return null;
  return (
    <Alert severity={severity} sx={{ '& .MuiAlert-message': { minWidth: 0, width: '100%' } }}>
      <Typography component="h4" variant="subtitle2">{`${title}: ${items.length}`}</Typography>
      <List dense disablePadding sx={{ maxHeight: 320, overflowY: 'auto' }} aria-label={title}>
        {items.map((item, i) => (
          <ListItem key={`${item.file}-${i}`} disableGutters>
            <ListItemText
              primary={item.text}
              secondary={item.state?.text}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { sx: { overflowWrap: 'anywhere' }, color: item.state?.isFailed ? 'error' : 'text.secondary' } }}
            />
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}

/** What a matched file became, before its target's name. */
const matchedAs: Record<MediaUploadReport['matched'][number]['kind'], string> = { release: 'cover of', artist: 'picture of', playlist: 'cover of the playlist', audio: 'audio for' };

/** Where a cover's or picture's job stands; the status the upload answered until the first poll. */
function stateOf(status: ImageJob['status'], message: string | null): ReportItem['state'] {
  if (status === 'ready') return { text: 'Ready', isFailed: false };
  if (status === 'failed') return { text: `Failed: ${message ?? 'unknown reason'}`, isFailed: true };
  return { text: 'Processing…', isFailed: false };
}

/**
 * The upload's report; each cover and picture with its job's state, asked again until every job is ready or
 * failed (docs/decisions/0091), then the admin's tables are refreshed to show them.
 */
function MediaReport({ report, token }: { report: MediaUploadReport; token: string }) {
  const queryClient = useQueryClient();
  const ids = useMemo(() => report.matched.flatMap((m) => (m.kind !== 'audio' && m.job ? [m.job.id] : [])), [report]);
  const jobs = useQuery(imageJobsQuery(token, ids));
  const byId = new Map((jobs.data ?? []).map((job) => [job.id, job]));
  const isDone = ids.length > 0 && ids.every((id) => isImageJobFinished(byId.get(id)));
  useEffect(() => {
    if (isDone) void refreshAdminData(queryClient);
  }, [isDone, queryClient]);
  return (
    <Box sx={{ display: 'grid', gap: 1 }} aria-live="polite">
      <ReportPart
        title="Matched"
        severity="success"
        items={report.matched.map((m) => {
          const item = { file: m.file, text: `${m.file} → ${matchedAs[m.kind]} ${m.name}` };
          if (m.kind === 'audio' || !m.job) return item;
          const job = byId.get(m.job.id);
          return { ...item, state: stateOf(job?.status ?? m.job.status, job?.message ?? null) };
        })}
      />
      <ReportPart title="Unmatched" severity="warning" items={report.unmatched.map((m) => ({ file: m.file, text: m.reason }))} />
      <ReportPart title="Refused" severity="error" items={report.refused.map((m) => ({ file: m.file, text: m.reason }))} />
    </Box>
  );
}

/**
 * The "Upload covers, artist pictures and audio" panel: files, a folder of them or zips, each matched by its
 * file name (catalog number, UPC or release id for a cover; artist name or id for a picture; ISRC or track
 * id for audio), answered at once with a report of what was matched, unmatched and refused; each cover and
 * picture then shows its job's progress (Processing…, Ready, Failed: why).
 */
export function MediaUpload() {
  const token = useAdminToken();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const upload = useMutation({
    mutationFn: (chosen: File[]) => uploadMedia(token, chosen),
    onSettled: () => void refreshAdminData(queryClient),
  });
  const isTooLarge = totalSize(files) > mediaUploadLimits.maxUploadBytes;
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    setFiles([...(event.target.files ?? [])]);
    upload.reset();
    event.target.value = '';
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="media-upload-heading" sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Box>
        <Typography id="media-upload-heading" variant="h6" component="h3">
          Upload covers, artist pictures and audio
        </Typography>
        <Typography variant="body2" color="text.secondary">
          JPEG, PNG or WebP images of at least {mediaUploadLimits.minImageSide} px a side, WAV, FLAC, AIFF or MP3 audio, or zips of
          them. Name each cover by its release&apos;s catalog number or UPC (BLDR192.jpg), each picture by its artist&apos;s name
          (Kwal.png), each track&apos;s audio by its ISRC (QZZ8B2454752.wav): a preview is cut from it for every track with that ISRC.
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="outlined" component="label" startIcon={<PhotoLibraryIcon />}>
          Choose files
          <input type="file" accept={accept} multiple hidden onChange={onPick} aria-label="Cover, picture, audio or zip files" />
        </Button>
        <Button variant="outlined" component="label" startIcon={<FolderOpenIcon />}>
          Choose folder
          <input type="file" hidden onChange={onPick} aria-label="Folder of covers, pictures and audio" {...{ webkitdirectory: '' }} />
        </Button>
        <Typography sx={{ minWidth: 0, overflowWrap: 'anywhere' }} color={files.length > 0 ? 'text.primary' : 'text.secondary'}>
          {files.length === 0 ? 'No files chosen' : files.length === 1 ? `${files[0]!.name} (${sizeText(files[0]!.size)})` : `${files.length} files (${sizeText(totalSize(files))})`}
        </Typography>
      </Box>
      <Box>
        <Button variant="contained" disabled={files.length === 0 || isTooLarge || upload.isPending} onClick={() => upload.mutate(files)}>
          {upload.isPending ? 'Uploading…' : 'Upload files'}
        </Button>
      </Box>
      {isTooLarge && <Alert severity="error">{mediaMessages.uploadTooLarge}</Alert>}
      {upload.isError && <Alert severity="error">{upload.error.message}</Alert>}
      {upload.data && <MediaReport report={upload.data.data} token={token} />}
    </Paper>
  );
}
