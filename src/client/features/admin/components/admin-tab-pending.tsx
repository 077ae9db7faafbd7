import { Typography } from '@mui/material';

/** A dashboard tab whose screen is not built yet: says so rather than showing made-up content. */
export function AdminTabPending() {
  return <Typography color="text.secondary">This section is not available yet.</Typography>;
}
