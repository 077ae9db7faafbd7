import { Button, DialogActions } from '@mui/material';

/**
 * A form dialog's Cancel and its submit button ("Continue", "Subscribe"): both off while the form is
 * sent, the submit saying "Processing..." (and off too while `canSubmit` is false). Inside the dialog's `<form>`.
 */
export function DialogFormActions({
  submitLabel,
  isProcessing,
  canSubmit = true,
  onCancel,
}: {
  submitLabel: string;
  isProcessing: boolean;
  canSubmit?: boolean;
  onCancel: () => void;
}) {
  return (
    <DialogActions sx={{ px: 3, pb: 2 }}>
      <Button onClick={onCancel} disabled={isProcessing}>
        Cancel
      </Button>
      <Button type="submit" variant="contained" disabled={isProcessing || !canSubmit}>
        {isProcessing ? 'Processing...' : submitLabel}
      </Button>
    </DialogActions>
  );
}
