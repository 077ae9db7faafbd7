import { Paper, Stack, Typography } from '@mui/material';
import { mayUseAdminRoute } from '../../../../shared/api/staff.js';
import { useAdminToken, useAdminUser } from '../shell/admin-outlet-context.js';
import { BackupsPanel } from './backups-panel.js';
import { ChangePasswordForm } from './change-password-form.js';
import { PaymentsPanel } from './payments-panel.js';
import { StaffEmailForm } from './staff-email-form.js';

/** Settings: who is signed in, changing one's own password, one's email and digest, the backups, and payments. */
export function AdminSettingsTab() {
  const user = useAdminUser();
  const token = useAdminToken();
  // The digest lists new demos: it is for a role that may read them.
  const mayReadDemos = mayUseAdminRoute(user.role, '/api/admin/demos');
  return (
    <Stack spacing={3}>
    <Paper component="section" aria-labelledby="admin-settings-password" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 480 }}>
      <Typography id="admin-settings-password" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        Change password
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {'You are signed in as '}
        <strong>{user.username}</strong>
        {'. Changing the password keeps you signed in here and signs out every other session.'}
      </Typography>
      <ChangePasswordForm token={token} username={user.username} />
    </Paper>
    <Paper component="section" aria-labelledby="admin-settings-email" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 480 }}>
      <Typography id="admin-settings-email" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        Email
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {mayReadDemos ? 'Staff mail goes to this address; a digest comes the day after new demos arrive, for the labels you choose.' : 'Staff mail goes to this address.'}
      </Typography>
      <StaffEmailForm token={token} mayGetDigest={mayReadDemos} />
    </Paper>
    {/* The backups and payments are the owner's (decision 0098). */}
    {mayUseAdminRoute(user.role, '/api/admin/backups') && (
    <Paper component="section" aria-labelledby="admin-settings-backups" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 480 }}>
      <Typography id="admin-settings-backups" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        Backups
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        A backup holds the database and the uploaded files; restore one with npm run restore.
      </Typography>
      <BackupsPanel token={token} />
    </Paper>
    )}
    {mayUseAdminRoute(user.role, '/api/admin/payments') && (
    <Paper component="section" aria-labelledby="admin-settings-payments" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}>
      <Typography id="admin-settings-payments" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        Payments
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        VIP memberships are paid with Stripe. With STRIPE_SECRET_KEY and PUBLIC_URL set, the site sets up Stripe's webhook itself.
      </Typography>
      <PaymentsPanel token={token} />
    </Paper>
    )}
    </Stack>
  );
}
