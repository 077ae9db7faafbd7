import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useId, useState, type ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client.js';
import { refreshAdminData } from '../api/admin-catalog.js';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/**
 * Saving an admin edit form: the fields' own errors first, then the server's answer. A refusal names
 * its field when the server gave one ("genres.3" is the genres field) and always shows as the
 * form's alert; either way the admin lists are refreshed, since a part may have been saved.
 */
export function useEditSave<Field extends string>({ fields, what, onSaved }: { fields: readonly Field[]; what: string; onSaved: () => void }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [isSaving, setIsSaving] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);

  /** The fields' own errors, found before sending: nothing is sent. */
  const reject = (invalid: FieldErrors<Field>) => {
    setErrors(invalid);
    setFailure(null);
  };

  /** Sends the edit; `savedMessage` is the snackbar once it is saved. */
  const save = async (send: () => Promise<unknown>, savedMessage: string) => {
    reject({});
    setIsSaving(true);
    try {
      await send();
    } catch (error) {
      const field = error instanceof ApiError ? error.field?.split('.')[0] : undefined;
      const known = fields.find((name) => name === field);
      if (known) setErrors({ [known]: (error as Error).message } as FieldErrors<Field>);
      setFailure(error instanceof Error ? error.message : `The ${what} could not be saved`);
      return;
    } finally {
      setIsSaving(false);
      void refreshAdminData(queryClient);
    }
    enqueueSnackbar(savedMessage, { variant: 'success' });
    onSaved();
  };

  return { isSaving, errors, failure, reject, save };
}

interface EditDialogProps {
  open: boolean;
  title: string;
  isSaving: boolean;
  failure: string | null;
  /** False keeps Save off, e.g. while nothing has changed. */
  canSave?: boolean;
  onClose: () => void;
  onSubmit: () => void;
  /** The form's fields. */
  children: ReactNode;
}

/** The dialog around an admin edit form: title, the failure, the fields, Cancel and Save. */
export function EditDialog({ open, title, isSaving, failure, canSave = true, onClose, onSubmit, children }: EditDialogProps) {
  const titleId = useId();
  // A save under way finishes before the dialog can close, so that its answer is seen.
  const close = () => {
    if (!isSaving) onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form
        noValidate
        aria-labelledby={titleId}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && <Alert severity="error">{failure}</Alert>}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isSaving || !canSave}>
            {isSaving ? 'Saving...' : 'Save'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
