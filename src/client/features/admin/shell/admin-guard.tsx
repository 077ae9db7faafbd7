import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { clearAdminToken, useAdminSession } from '../../../lib/admin-session.js';
import { ApiError } from '../../../lib/api-client.js';
import { verifyAdminTokenQuery } from '../api/admin-auth.js';
import type { AdminOutletContext } from './admin-outlet-context.js';

/** docs/product.md §8 Token check: what the client says when the check itself fails. */
export const verificationFailedMessage = 'Verification request failed';

/**
 * docs/product.md §10.6: without a token, go to /login (replacing the entry, remembering where we were);
 * with one, have the server verify it, and drop it when the server answers 401.
 */
export function AdminGuard() {
  const location = useLocation();
  const { token } = useAdminSession();
  const verification = useQuery({ ...verifyAdminTokenQuery(token ?? ''), enabled: token !== null });
  const isRejected = verification.error instanceof ApiError && verification.error.status === 401;

  useEffect(() => {
    if (isRejected) clearAdminToken();
  }, [isRejected]);

  if (token === null) return <Navigate to="/login" replace state={{ from: location }} />;

  if (verification.data) {
    const context: AdminOutletContext = { user: verification.data, token };
    return <Outlet context={context} />;
  }

  if (verification.isError && !isRejected) {
    return (
      <Box sx={{ p: 4 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void verification.refetch()}>
              Try Again
            </Button>
          }
        >
          {verificationFailedMessage}
        </Alert>
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
      <CircularProgress aria-label="Checking your session" />
    </Box>
  );
}
