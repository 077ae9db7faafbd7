import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { staffRoles, type StaffRole } from '../../../../shared/api/admin-auth.js';
import { inviteStaffRequestSchema, staffRoleDescriptions, staffRoleNames, type PendingInvitation, type StaffAccount } from '../../../../shared/api/staff.js';
import { ApiError } from '../../../lib/api-client.js';
import { notify } from '../../../lib/notifications.js';
import { adminStaffKey, adminStaffQuery, cancelInvitation, inviteStaff, removeStaff } from '../api/admin-staff.js';
import { formatDay, formatDayAndTime } from '../components/admin-format.js';
import { hideOnPhone, phoneOnly } from '../components/admin-table.js';
import { useAdminToken, useAdminUser } from '../shell/admin-outlet-context.js';

/** Staff (owner only, docs/decisions/0098): invite by email with a role, see who has access and when they last signed in, remove. */
export function AdminStaffTab() {
  const token = useAdminToken();
  const query = useQuery(adminStaffQuery(token));
  return (
    <Stack spacing={3}>
      <Paper component="section" aria-labelledby="staff-invite-heading" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}>
        <Typography id="staff-invite-heading" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          Invite a colleague
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          They get an email with a link to choose their username and password. The link works once, for 7 days.
        </Typography>
        <InviteForm token={token} />
      </Paper>
      {query.error && <Alert severity="error">{query.error.message}</Alert>}
      {!query.data && !query.error && <CircularProgress aria-label="Loading staff" />}
      {query.data && <StaffAccounts accounts={query.data.accounts} />}
      {query.data && query.data.invitations.length > 0 && <Invitations invitations={query.data.invitations} />}
    </Stack>
  );
}

function InviteForm({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('editor');
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const invite = useMutation({
    mutationFn: (request: { email: string; role: StaffRole }) => inviteStaff(token, request),
    onSuccess: (_answer, request) => {
      notify(`Invitation sent to ${request.email}`, { variant: 'success' });
      setEmail('');
      void queryClient.invalidateQueries({ queryKey: adminStaffKey });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.field) setFieldError({ field: error.field, message: error.message });
    },
  });
  const onSubmit = () => {
    const parsed = inviteStaffRequestSchema.safeParse({ email, role });
    const issue = parsed.success ? undefined : parsed.error.issues[0];
    setFieldError(issue ? { field: String(issue.path[0]), message: issue.message } : null);
    if (parsed.success) invite.mutate(parsed.data);
  };
  const errorOf = (field: string) => (fieldError?.field === field ? fieldError.message : undefined);

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      sx={{ display: 'grid', gap: 2 }}
    >
      <TextField
        label="Email address"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={Boolean(errorOf('email'))}
        helperText={errorOf('email')}
        fullWidth
      />
      <TextField
        select
        label="Role"
        value={role}
        onChange={(event) => setRole(event.target.value as StaffRole)}
        error={Boolean(errorOf('role'))}
        helperText={errorOf('role') ?? `May use ${staffRoleDescriptions[role]}`}
        fullWidth
      >
        {staffRoles.map((option) => (
          <MenuItem key={option} value={option}>
            {staffRoleNames[option]}
          </MenuItem>
        ))}
      </TextField>
      {invite.error && !fieldError && <Alert severity="error">{invite.error.message}</Alert>}
      <Button type="submit" variant="contained" disabled={invite.isPending} sx={{ justifySelf: { xs: 'stretch', sm: 'start' } }}>
        Send invitation
      </Button>
    </Box>
  );
}

function StaffAccounts({ accounts }: { accounts: StaffAccount[] }) {
  const user = useAdminUser();
  const [removing, setRemoving] = useState<StaffAccount | null>(null);
  return (
    <Paper component="section" aria-labelledby="staff-accounts-heading" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="staff-accounts-heading" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        Staff accounts
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby="staff-accounts-heading">
          <TableHead>
            <TableRow>
              <TableCell>Account</TableCell>
              <TableCell sx={hideOnPhone}>Role</TableCell>
              <TableCell sx={hideOnPhone}>Last sign-in</TableCell>
              <TableCell align="right">Action</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {accounts.map((account) => (
              <TableRow key={account.id}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  <Typography sx={{ fontWeight: 600 }}>{account.id === user.id ? `${account.username} (you)` : account.username}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {account.email ?? 'No email address'}
                  </Typography>
                  <Typography variant="body2" sx={phoneOnly}>
                    {`${staffRoleNames[account.role]} · last sign-in ${account.lastSignInAt ? formatDayAndTime(account.lastSignInAt) : 'never'}`}
                  </Typography>
                </TableCell>
                <TableCell sx={hideOnPhone}>{staffRoleNames[account.role]}</TableCell>
                <TableCell sx={hideOnPhone}>{account.lastSignInAt ? formatDayAndTime(account.lastSignInAt) : 'Never'}</TableCell>
                <TableCell align="right">
                  {account.id !== user.id && (
                    <Button size="small" variant="outlined" color="error" onClick={() => setRemoving(account)} aria-label={`Remove ${account.username}`}>
                      Remove
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <RemoveDialog account={removing} onClose={() => setRemoving(null)} />
    </Paper>
  );
}

function RemoveDialog({ account, onClose }: { account: StaffAccount | null; onClose: () => void }) {
  const token = useAdminToken();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => removeStaff(token, id),
    onSuccess: (answer) => {
      notify(answer.message, { variant: 'success' });
      onClose();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminStaffKey }),
  });
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };
  return (
    <Dialog open={account !== null} onClose={close} maxWidth="xs" fullWidth aria-labelledby="staff-remove-title">
      <DialogTitle id="staff-remove-title">{`Remove ${account?.username ?? ''}?`}</DialogTitle>
      <DialogContent>
        {remove.error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {remove.error.message}
          </Alert>
        )}
        <DialogContentText>They are signed out everywhere at once and can no longer sign in. To let them back, invite them again.</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button variant="contained" color="error" disabled={remove.isPending || !account} onClick={() => account && remove.mutate(account.id)}>
          Remove
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Until when an invitation's link works, or that it has run out. */
function validity(invitation: PendingInvitation, now: number): string {
  return new Date(invitation.expiresAt).getTime() <= now ? 'Expired: invite again' : formatDay(invitation.expiresAt);
}

function Invitations({ invitations }: { invitations: PendingInvitation[] }) {
  const token = useAdminToken();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: (id: string) => cancelInvitation(token, id),
    onSuccess: (answer) => notify(answer.message, { variant: 'success' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminStaffKey }),
  });
  const now = Date.now();
  return (
    <Paper component="section" aria-labelledby="staff-invitations-heading" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="staff-invitations-heading" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        Pending invitations
      </Typography>
      {cancel.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {cancel.error.message}
        </Alert>
      )}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby="staff-invitations-heading">
          <TableHead>
            <TableRow>
              <TableCell>Email</TableCell>
              <TableCell sx={hideOnPhone}>Role</TableCell>
              <TableCell sx={hideOnPhone}>Link valid until</TableCell>
              <TableCell align="right">Action</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {invitations.map((invitation) => (
              <TableRow key={invitation.id}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {invitation.email}
                  <Typography variant="body2" color="text.secondary" sx={phoneOnly}>
                    {`${staffRoleNames[invitation.role]} · ${validity(invitation, now)}`}
                  </Typography>
                </TableCell>
                <TableCell sx={hideOnPhone}>{staffRoleNames[invitation.role]}</TableCell>
                <TableCell sx={hideOnPhone}>{validity(invitation, now)}</TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={cancel.isPending && cancel.variables === invitation.id}
                    onClick={() => cancel.mutate(invitation.id)}
                    aria-label={`Cancel the invitation of ${invitation.email}`}
                  >
                    Cancel
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}
