import { Dialog, DialogContent, DialogTitle, Table, TableBody, TableCell, TableRow } from '@mui/material';
import { shortcutList } from '../state/use-keyboard-shortcuts.js';

/** The player's keyboard shortcuts (`?`), loaded by player-bar.tsx when first asked for. */
export default function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="player-shortcuts-title">
      <DialogTitle id="player-shortcuts-title">Keyboard shortcuts</DialogTitle>
      <DialogContent>
        <Table size="small">
          <TableBody>
            {shortcutList.map((s) => (
              <TableRow key={s.keys}>
                <TableCell component="th" scope="row">
                  <kbd>{s.keys}</kbd>
                </TableCell>
                <TableCell>{s.action}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
    </Dialog>
  );
}
