import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import type { AdminDemo } from '../../../../shared/api/admin-inbox.js';
import { formatDayAndTime } from '../components/admin-format.js';
import { demoStatusLabels } from './demo-status-chip.js';

/** The decisions that wait 10 minutes before their email goes, and may be undone until then. */
export const confirmedDecisions = ['accepted', 'declined'] as const;
export type ConfirmedDecision = (typeof confirmedDecisions)[number];
export const isConfirmedDecision = (status: string): status is ConfirmedDecision => (confirmedDecisions as readonly string[]).includes(status);

const questions: Readonly<Record<ConfirmedDecision, { title: string; action: string }>> = {
  accepted: { title: 'Accept this demo?', action: 'Accept' },
  declined: { title: 'Decline this demo?', action: 'Decline' },
};

/** Accept and Decline ask first: each emails the artists, 10 minutes later. */
export function ConfirmDecisionDialog({ decision, onConfirm, onCancel }: { decision: ConfirmedDecision | null; onConfirm: () => void; onCancel: () => void }) {
  const titleId = useId();
  const question = decision ? questions[decision] : null;
  return (
    <Dialog open={decision !== null} onClose={onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{question?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>The artists get the decision by email in 10 minutes. Until then you can undo it, and nothing is sent.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" color={decision === 'declined' ? 'error' : 'primary'} onClick={onConfirm}>
          {question?.action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Whether the decision's 10 minutes still run, by this browser's clock. */
export function canUndo(demo: AdminDemo): boolean {
  return demo.undo_until !== null && isConfirmedDecision(demo.status) && Date.parse(demo.undo_until) > Date.now();
}

/**
 * While a decision's 10 minutes run (undo_until, the server's clock): Undo. A late click gets the
 * server's 409 ("the email has gone"), so the control need not count the time down itself.
 */
export function UndoDecision({ demo, isUndoing, onUndo }: { demo: AdminDemo; isUndoing: boolean; onUndo: () => void }) {
  if (!demo.undo_until || !canUndo(demo)) return null;
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onUndo} disabled={isUndoing}>
          Undo
        </Button>
      }
    >
      {`${demoStatusLabels[demo.status]}: the artists' email waits until ${formatDayAndTime(demo.undo_until)} (UTC), and you can undo until then.`}
    </Alert>
  );
}
