import { Typography } from '@mui/material';

/** The dashboard's index tab. Quick Stats and Recent Activity will show live figures (DECISIONS §6). */
export function AdminOverview() {
  return <Typography>Select a tab above to manage your content.</Typography>;
}
