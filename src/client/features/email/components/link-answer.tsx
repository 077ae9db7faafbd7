import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client.js';

/** An unknown or malformed token: the server's 404 or 400. Anything else may pass: try again later. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    return 'This link is not valid. Please check that you opened the whole link from the email.';
  }
  return 'We could not load this page. Please try again later.';
}

/** The frame of a page behind an emailed link: its title, then loading, the failure, or the answer. */
export function LinkAnswer({ title, error, isPending, children }: { title: string; error: unknown; isPending: boolean; children: ReactNode }) {
  return (
    <Box sx={{ p: { xs: 2, md: 4 }, maxWidth: 720 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3, fontSize: { xs: '1.75rem', md: '2.125rem' } }}>
        {title}
      </Typography>
      {error ? <Alert severity="error">{failureText(error)}</Alert> : isPending ? <CircularProgress aria-label="Loading" /> : children}
    </Box>
  );
}
