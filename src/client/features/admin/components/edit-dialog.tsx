import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../lib/notifications.js';
import { useId, type FormEvent, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client.js';
import { refreshAdminData } from '../api/admin-catalog.js';

interface EditMutationOptions<Values extends FieldValues, Input> {
  /** The form's field names: a refusal naming one of them ("genres.3" is genres) shows on it. */
  fields: readonly Path<Values>[];
  setError: UseFormSetError<Values>;
  send: (input: Input) => Promise<unknown>;
  /** The snackbar once it is saved. */
  savedMessage: (input: Input) => string;
  onSaved: () => void;
}

/**
 * Saving an admin edit form. A refusal shows on its field when the server named one, and always as
 * the form's alert (the mutation's error); either way the admin lists are refreshed, since a part may have
 * been saved.
 */
export function useEditMutation<Values extends FieldValues, Input>({ fields, setError, send, savedMessage, onSaved }: EditMutationOptions<Values, Input>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (_answer, input) => {
      notify(savedMessage(input), { variant: 'success' });
      onSaved();
    },
    onError: (error) => {
      const named = error instanceof ApiError ? error.field?.split('.')[0] : undefined;
      const field = fields.find((name) => name === named);
      if (field) setError(field, { type: 'server', message: error.message });
    },
    onSettled: () => void refreshAdminData(queryClient),
  });
}

interface EditDialogProps {
  open: boolean;
  title: string;
  isSaving: boolean;
  failure: string | null;
  /** False keeps Save off, e.g. while nothing has changed. */
  canSave?: boolean;
  onClose: () => void;
  /** The form's submit handler (react-hook-form's handleSubmit). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
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
      <form noValidate aria-labelledby={titleId} onSubmit={onSubmit}>
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
