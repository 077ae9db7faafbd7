import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { memberPerksUnavailableMessages } from '../../../../shared/domain/member-perks.js';

/** A signed-in member's status that gives no perks (docs/product.md §10.7): the prompt says why, not "join". */
export type LapsedStatus = keyof typeof memberPerksUnavailableMessages;

const reasons = {
  download: 'Downloads are for active VIP members. Join VIP to download this track as the label uploaded it, or sign in if you are a member.',
  early: 'VIP members listen to upcoming releases before they come out. Join VIP to listen early, or sign in if you are a member.',
} as const;

/**
 * The "Join VIP" prompt where a visitor who is not an active, signed-in member reaches for a perk; for a
 * signed-in member whose membership gives none now (`status`: paused, past due…), why, and their page.
 */
export function JoinVipDialog({ open, onClose, perk, status }: { open: boolean; onClose: () => void; perk: keyof typeof reasons; status?: LapsedStatus }) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>For VIP members</DialogTitle>
      <DialogContent>
        <DialogContentText>{status ? memberPerksUnavailableMessages[status] : reasons[perk]}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>Not now</Button>
        {status ? (
          <Button component={RouterLink} to="/vip/account" variant="contained">
            Your account
          </Button>
        ) : (
          <>
            <Button component={RouterLink} to="/vip/account" variant="outlined">
              Sign in
            </Button>
            <Button component={RouterLink} to="/vip" variant="contained">
              Join VIP
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
