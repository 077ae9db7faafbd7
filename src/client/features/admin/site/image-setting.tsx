import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import { Alert, Avatar, Box, Button, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteSettingsPatch, siteSettingsResponseSchema } from '../../../../shared/api/settings.js';
import type { Answer } from '../../../lib/api-client.js';
import { notify } from '../../../lib/notifications.js';
import { patchSiteSettings, storeSavedSettings } from '../api/admin-site-settings.js';
import { FileButton } from '../components/file-button.js';
import { pictureAccept } from '../components/picture-upload.js';

interface Props {
  token: string;
  /** "Logo", "Icon image". */
  label: string;
  /** Whose, for the alt text and the snackbar ("Build It Tech"). */
  of: string;
  currentUrl: string | null;
  upload: (file: File) => Promise<Answer<typeof siteSettingsResponseSchema>>;
  /** The patch that takes the image away (the site draws its own again). */
  removal: SiteSettingsPatch;
}

/** An image of the settings (a label's logo, the site icon): uploaded at once through the media store, or removed. */
export function ImageSetting({ token, label, of, currentUrl, upload, removal }: Props) {
  const queryClient = useQueryClient();
  const onSaved = (answer: Answer<typeof siteSettingsResponseSchema>, message: string) => {
    storeSavedSettings(queryClient, token, answer);
    notify(message, { variant: 'success' });
  };
  const send = useMutation({ mutationFn: upload, onSuccess: (answer) => onSaved(answer, `${label} of ${of} uploaded`) });
  const remove = useMutation({ mutationFn: () => patchSiteSettings(token, removal), onSuccess: (answer) => onSaved(answer, `${label} of ${of} removed`) });
  const isBusy = send.isPending || remove.isPending;
  const error = send.error ?? remove.error;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        {/* Shown whole: a logo is often wide, an icon square. */}
        <Avatar variant="rounded" src={currentUrl ?? undefined} alt={currentUrl ? `${of} ${label.toLowerCase()}` : undefined} sx={{ width: 96, height: 64, '& .MuiAvatar-img': { objectFit: 'contain' } }}>
          {currentUrl ? null : '—'}
        </Avatar>
        <Box sx={{ flexGrow: 1, minWidth: 160 }}>
          <Typography variant="subtitle2" component="p">
            {label}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {currentUrl ? 'JPEG, PNG or WebP' : 'None uploaded: the site draws one from the name'}
          </Typography>
        </Box>
        <FileButton
          label={send.isPending ? 'Uploading…' : `Upload ${label.toLowerCase()}`}
          fileLabel={`${label} file`}
          accept={pictureAccept}
          icon={<AddPhotoAlternateIcon />}
          disabled={isBusy}
          onFile={(file) => send.mutate(file)}
        />
        {currentUrl && (
          <Button color="error" disabled={isBusy} onClick={() => remove.mutate()}>
            {`Remove ${label.toLowerCase()}`}
          </Button>
        )}
      </Box>
      {error && <Alert severity="error">{error.message}</Alert>}
    </Box>
  );
}
