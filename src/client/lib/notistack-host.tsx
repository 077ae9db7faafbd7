import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { attachNotifications } from './notifications.js';

/** notistack's stack (docs/product.md §4.10: at most 3), loaded by notifications-outlet.tsx with the first notification. */
export default function NotistackHost() {
  useEffect(() => attachNotifications(({ message, ...options }) => enqueueSnackbar(message, options)), []);
  return <SnackbarProvider maxSnack={3} />;
}
