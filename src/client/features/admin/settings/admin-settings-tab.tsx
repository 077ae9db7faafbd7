import { Paper, Typography } from '@mui/material';
import { useAdminToken, useAdminUser } from '../shell/admin-outlet-context.js';
import { ChangePasswordForm } from './change-password-form.js';

/** Settings: who is signed in, and changing one's own password. */
export function AdminSettingsTab() {
  const user = useAdminUser();
  const token = useAdminToken();
  return (
    <Paper component="section" aria-labelledby="admin-settings-password" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 480 }}>
      <Typography id="admin-settings-password" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        Change password
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {'You are signed in as '}
        <strong>{user.username}</strong>
        {'. Changing the password keeps you signed in here; other open sessions last until they log out or expire.'}
      </Typography>
      <ChangePasswordForm token={token} username={user.username} />
    </Paper>
  );
}
