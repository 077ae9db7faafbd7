import { ListItemText, Menu, MenuItem } from '@mui/material';
import { trackTitle } from '../../../../shared/domain/track-title.js';
import type { PlayerState } from '../state/player-context.js';

export function QueueMenu({ player, anchor, onClose }: { player: PlayerState; anchor: HTMLElement | null; onClose: () => void }) {
  return (
    <Menu
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      transformOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      slotProps={{ list: { 'aria-label': 'Queue' }, paper: { sx: { maxHeight: 420, width: 340, maxWidth: '95vw' } } }}
    >
      {player.queue.map((item, at) => (
        <MenuItem
          key={`${item.id}-${at}`}
          selected={at === player.index}
          onClick={() => {
            player.playAt(at);
            onClose();
          }}
        >
          <ListItemText primary={trackTitle(item)} secondary={item.credits || undefined} slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }} />
        </MenuItem>
      ))}
    </Menu>
  );
}
