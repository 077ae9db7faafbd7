import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, Link, Paper, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { changePasswordMessages } from '../../../../shared/api/admin-auth.js';
import { acceptInvitationRequestSchema, staffRoleDescriptions, staffRoleNames } from '../../../../shared/api/staff.js';
import { siteName } from '../../../../shared/site-settings.js';
import { FormTextField } from '../../../components/form-text-field.js';
import { storeAdminToken } from '../../../lib/admin-session.js';
import { ApiError } from '../../../lib/api-client.js';
import { acceptInvitation, invitationQuery } from '../api/admin-staff.js';
import { formatDay } from '../components/admin-format.js';

/** The form: the request plus the password typed twice. */
const invitationFormSchema = acceptInvitationRequestSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.confirmPassword === v.password, { path: ['confirmPassword'], error: changePasswordMessages.confirmMismatch });
type InvitationForm = z.input<typeof invitationFormSchema>;

/** /admin/invite/:token (docs/decisions/0098): the invitee chooses a username and password, and is signed in. */
export function InvitationPage() {
  const { token = '' } = useParams();
  const invitation = useQuery(invitationQuery(token));
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Paper component="main" sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 440 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2, textAlign: 'center' }}>
          {`Join the ${siteName()} admin`}
        </Typography>
        {invitation.error && (
          <Alert severity="error">
            {invitation.error instanceof ApiError && invitation.error.hasServerMessage ? invitation.error.message : 'The invitation could not be read. Please try again.'}{' '}
            <Link component={RouterLink} to="/login" color="inherit" sx={{ fontWeight: 600 }}>
              Go to the login
            </Link>
          </Alert>
        )}
        {!invitation.data && !invitation.error && (
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <CircularProgress aria-label="Reading the invitation" />
          </Box>
        )}
        {invitation.data && <AcceptForm token={token} {...invitation.data} />}
      </Paper>
    </Box>
  );
}

function AcceptForm({ token, email, role, expiresAt }: { token: string; email: string; role: keyof typeof staffRoleNames; expiresAt: string }) {
  const navigate = useNavigate();
  const { control, handleSubmit, setError } = useForm<InvitationForm, unknown, z.output<typeof invitationFormSchema>>({
    resolver: zodResolver(invitationFormSchema),
    defaultValues: { username: '', password: '', confirmPassword: '' },
  });
  const accept = useMutation({
    mutationFn: ({ username, password }: { username: string; password: string }) => acceptInvitation(token, { username, password }),
    onSuccess: (answer) => {
      storeAdminToken(answer.data.token);
      void navigate('/admin', { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && (error.field === 'username' || error.field === 'password')) setError(error.field, { message: error.message });
    },
  });
  const serverError = accept.error instanceof ApiError && !accept.error.field ? accept.error.message : accept.error && !(accept.error instanceof ApiError) ? 'The account could not be made. Please try again.' : null;

  return (
    <Box component="form" noValidate onSubmit={handleSubmit((values) => accept.mutate(values))} sx={{ display: 'grid', gap: 2 }}>
      <Typography color="text.secondary">
        {`You are invited as ${staffRoleNames[role]} to manage ${staffRoleDescriptions[role]}, with ${email}. Choose your username and password; the link works until ${formatDay(expiresAt)}.`}
      </Typography>
      {serverError && <Alert severity="error">{serverError}</Alert>}
      <FormTextField control={control} name="username" label="Username" autoComplete="username" />
      <FormTextField control={control} name="password" label="Password" type="password" autoComplete="new-password" helperText="At least 8 characters" />
      <FormTextField control={control} name="confirmPassword" label="Password again" type="password" autoComplete="new-password" />
      <Button type="submit" variant="contained" size="large" disabled={accept.isPending}>
        {accept.isPending ? 'Creating your account...' : 'Create my account'}
      </Button>
    </Box>
  );
}
