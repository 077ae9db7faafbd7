import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';

const reasons = {
  download: 'Downloads are for active VIP members. Join VIP to download this track as the label uploaded it, or sign in if you are a member.',
  early: 'VIP members listen to upcoming releases before they come out. Join VIP to listen early, or sign in if you are a member.',
} as const;

/** The "Join VIP" prompt where a visitor who is not an active, signed-in member reaches for a perk. */
export function JoinVipDialog({ open, onClose, perk }: { open: boolean; onClose: () => void; perk: keyof typeof reasons }) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>For VIP members</DialogTitle>
      <DialogContent>
        <DialogContentText>{reasons[perk]}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>Not now</Button>
        <Button component={RouterLink} to="/vip/account" variant="outlined">
          Sign in
        </Button>
        <Button component={RouterLink} to="/vip" variant="contained">
          Join VIP
        </Button>
      </DialogActions>
    </Dialog>
  );
}
