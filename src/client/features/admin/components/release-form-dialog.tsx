import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Skeleton, Stack } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm, type Path } from 'react-hook-form';
import type { AdminReleaseDetail } from '../../../../shared/api/admin-releases.js';
import { ApiError } from '../../../lib/api-client.js';
import { notify } from '../../../lib/notifications.js';
import { adminReleaseQuery, createRelease, refreshAdminData, updateRelease } from '../api/admin-catalog.js';
import { PictureUpload } from './picture-upload.js';
import { formFieldOf, shownCover, newReleaseValues, releaseBody, releaseFormSchema, releaseFormValues, type ReleaseFormValues } from './release-form.js';
import { ReleaseCodesSection } from './release-codes-section.js';
import { ReleasePriceSection } from './release-price-section.js';
import { ReleaseDetailsSection, ReleaseFormSection, ReleaseLinksSection, ReleaseTracksSection } from './release-form-sections.js';

interface Props {
  /** The release to edit; null makes a new one. */
  releaseId: string | null;
  open: boolean;
  token: string;
  onClose: () => void;
}

/**
 * The release editor (issue 24, issue 35): a release made or edited by hand, where a release is finished: its cover,
 * details, tracks with their audio, and store links, validated as the server validates.
 */
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
  const { control, handleSubmit, setError, formState, watch } = useForm<ReleaseFormValues>({
    resolver: zodResolver(releaseFormSchema),
    defaultValues: release ? releaseFormValues(release) : newReleaseValues,
  });
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
        <Stack spacing={3}>
          {save.error && <Alert severity="error">{save.error.message}</Alert>}
          {/* The cover goes under the release's id: a new release gets its cover once it exists. */}
          {release && (
            <ReleaseFormSection>
              <PictureUpload token={token} targetId={release.id} label="Cover" currentUrl={shownCover(release)} name={release.title} />
            </ReleaseFormSection>
          )}
          <ReleaseDetailsSection control={control} status={watch('status')} />
          <ReleaseTracksSection control={control} token={token} release={release} />
          <ReleasePriceSection control={control} release={release} />
          {release && <ReleaseCodesSection token={token} release={release} />}
          <ReleaseLinksSection control={control} />
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
