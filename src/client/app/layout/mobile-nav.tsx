import { Drawer } from '@mui/material';
import type { LabelConfig } from '../../../shared/site-config.js';
import { drawerWidth } from './layout-constants.js';
import { SideNav } from './side-nav.js';

/** The slide-in drawer below 900 px (docs/product.md §2.2), loaded by the shell when first opened. */
export default function MobileNav({ label, open, onClose }: { label: LabelConfig; open: boolean; onClose: () => void }) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      // docs/product.md §2.2: over the top bar, so that its first entry is not hidden under the 64 px bar.
      sx={{ display: { xs: 'block', md: 'none' }, zIndex: (t) => t.zIndex.drawer + 2 }}
      slotProps={{ paper: { sx: { width: drawerWidth } } }}
    >
      <SideNav label={label} onNavigate={onClose} />
    </Drawer>
  );
}
