import { Paper, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { RetryAlert } from '../components/retry-alert.js';

/** One titled panel of the admin Overview; a failed load shows the alert with Retry instead of the body. */
export function OverviewPanel({
  title,
  error,
  onRetry,
  children,
}: {
  title: string;
  error: string | null;
  onRetry: () => void;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2, fontWeight: 700 }}>
        {title}
      </Typography>
      {error === null ? children : <RetryAlert message={error} onRetry={onRetry} />}
    </Paper>
  );
}
