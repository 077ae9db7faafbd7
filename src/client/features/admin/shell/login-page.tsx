import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Link, Paper, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { adminLoginRequestSchema, invalidCredentialsMessage, type AdminLoginRequest } from '../../../../shared/api/admin-auth.js';
import { siteName } from '../../../../shared/site-settings.js';
import { FormTextField } from '../../../components/form-text-field.js';
import { storeAdminToken, useAdminSession } from '../../../lib/admin-session.js';
import { ApiError } from '../../../lib/api-client.js';
import { logIn } from '../api/admin-auth.js';

/** docs/product.md §8 Admin login: the message for anything the server did not explain. */
export const loginFailedMessage = 'Failed to login. Please try again.';

/** The server's words for a refusal (bad credentials, throttling); our fallbacks for the rest. */
function describeLoginError(error: unknown): string {
  if (!(error instanceof ApiError)) return loginFailedMessage; // network failure or unexpected answer
  if (error.status >= 400 && error.status < 500 && error.hasServerMessage) return error.message;
  if (error.status === 401) return invalidCredentialsMessage;
  return loginFailedMessage;
}

/** Where the guard sent us from (its `state.from`), else the dashboard; never back to a login path. */
function targetOf(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown; hash?: unknown } } | null)?.from;
  if (typeof from?.pathname !== 'string' || !from.pathname.startsWith('/admin') || from.pathname === '/admin/login') {
    return '/admin';
  }
  const extra = (part: unknown) => (typeof part === 'string' ? part : '');
  return `${from.pathname}${extra(from.search)}${extra(from.hash)}`;
}

/** docs/product.md §2 Login screen (/login). */
export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { token } = useAdminSession();
  const { control, handleSubmit, formState } = useForm<AdminLoginRequest>({
    resolver: zodResolver(adminLoginRequestSchema),
    defaultValues: { username: '', password: '' },
  });
  const login = useMutation({
    mutationFn: (credentials: AdminLoginRequest) => logIn(credentials),
    onSuccess: (answer) => {
      void navigate(targetOf(location.state), { replace: true });
      storeAdminToken(answer.token);
    },
  });
  // One message for the form (docs/product.md §8): the fields' own first, then the server's answer.
  const fieldError = formState.errors.username?.message ?? formState.errors.password?.message;
  const message = fieldError ?? (login.error ? describeLoginError(login.error) : null);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Paper sx={{ p: 4, width: '100%', maxWidth: 400 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1, textAlign: 'center' }}>
          {`${siteName()} Admin`}
        </Typography>
        <Typography variant="h6" component="h2" sx={{ mb: 3, textAlign: 'center' }}>
          Log In
        </Typography>
        {token !== null && !login.isSuccess ? (
          <Alert severity="info">
            Already logged in.{' '}
            {/* The alert's own text colour: the primary green does not read on its tinted background. */}
            <Link component={RouterLink} to="/admin" color="inherit" sx={{ fontWeight: 600 }}>
              Go to the dashboard
            </Link>
          </Alert>
        ) : (
          <Box component="form" noValidate onSubmit={handleSubmit((credentials) => login.mutate(credentials))} sx={{ display: 'grid', gap: 2 }}>
            {message && <Alert severity="error">{message}</Alert>}
            <FormTextField
              control={control}
              name="username"
              label="Username"
              autoComplete="username"
              showsError={false}
              // The page is there to log in: the first field takes the keyboard at once.
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus
            />
            <FormTextField control={control} name="password" label="Password" type="password" autoComplete="current-password" showsError={false} />
            <Button type="submit" variant="contained" size="large" disabled={login.isPending}>
              {login.isPending ? 'Logging in...' : 'Log In'}
            </Button>
          </Box>
        )}
      </Paper>
    </Box>
  );
}
