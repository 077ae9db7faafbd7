import { getContrastRatio, styled } from '@mui/material/styles';
import { enqueueSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { attachNotifications } from './notifications.js';

/** Text on a notice's colour at WCAG AA (4.5:1): white where it reads, else the theme's dark text. */
const onColour = (background: string) => (getContrastRatio(background, '#fff') >= 4.5 ? '#fff' : 'rgba(0, 0, 0, 0.87)');

/**
 * notistack's own colours put white text on #43a047, #2196f3 and #ff9800 (2.2–3.3:1, an axe failure); its notices take
 * the theme's darker shade of each colour instead, with text that reads on it.
 */
const Notice = styled(MaterialDesignContent)(({ theme }) =>
  Object.fromEntries(
    (['success', 'error', 'warning', 'info'] as const).map((variant) => {
      const background = theme.palette[variant].dark;
      return [`&.notistack-MuiContent-${variant}`, { backgroundColor: background, color: onColour(background) }];
    }),
  ),
);
const notices = { success: Notice, error: Notice, warning: Notice, info: Notice };

/** notistack's stack (docs/product.md §4.10: at most 3), loaded by notifications-outlet.tsx with the first notification. */
export default function NotistackHost() {
  useEffect(() => attachNotifications(({ message, ...options }) => enqueueSnackbar(message, options)), []);
  return <SnackbarProvider maxSnack={3} Components={notices} />;
}
