import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button } from '@mui/material';
import { notify } from '../../../lib/notifications.js';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, type Path } from 'react-hook-form';
import { adminPasswordLength, changePasswordFormSchema, changePasswordMessages, type ChangePasswordForm as FormValues } from '../../../../shared/api/admin-auth.js';
import { FormTextField } from '../../../components/form-text-field.js';
import { storeAdminToken } from '../../../lib/admin-session.js';
import { ApiError } from '../../../lib/api-client.js';
import { changePassword, verifyAdminTokenQuery } from '../api/admin-auth.js';

const emptyForm: FormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };
const fieldNames = Object.keys(emptyForm) as Path<FormValues>[];

function fieldOf(name: string | undefined): Path<FormValues> | undefined {
  return fieldNames.find((field) => field === name);
}

function failureMessage(error: Error): string {
  return error instanceof ApiError && error.hasServerMessage ? error.message : 'Failed to change the password. Please try again.';
}

/** Settings → Change password: the shared schema checks the form as the server checks the request. */
export function ChangePasswordForm({ token, username }: { token: string; username: string }) {
  const { control, handleSubmit, reset, setError } = useForm<FormValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: emptyForm,
  });
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: ({ currentPassword, newPassword }: FormValues) => changePassword(token, { currentPassword, newPassword }),
    onSuccess: (answer) => {
      // The change ended every session, this one too: it goes on with the fresh token of the answer.
      // Same admin, checked by the change itself: the old token's check carries over, so the guard
      // does not blank the page while it verifies the new one.
      const checked = queryClient.getQueryData(verifyAdminTokenQuery(token).queryKey);
      if (checked) queryClient.setQueryData(verifyAdminTokenQuery(answer.token).queryKey, checked);
      storeAdminToken(answer.token);
      notify(changePasswordMessages.changed, { variant: 'success' });
      reset(emptyForm);
    },
    onError: (error) => {
      const field = error instanceof ApiError && error.hasServerMessage ? fieldOf(error.field) : undefined;
      if (field) setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
    },
  });
  // A refusal the server explained shows on its field, or else as the form's alert.
  const isOnField = change.error instanceof ApiError && change.error.hasServerMessage && fieldOf(change.error.field) !== undefined;
  const failure = change.error && !isOnField ? failureMessage(change.error) : null;

  const passwordField = (name: Path<FormValues>, label: string, autoComplete: string, helperText?: string) => (
    <FormTextField control={control} name={name} label={label} type="password" autoComplete={autoComplete} helperText={helperText} fullWidth />
  );

  return (
    <Box component="form" noValidate onSubmit={handleSubmit((values) => change.mutate(values))} sx={{ display: 'grid', gap: 2 }}>
      {/* Tells password managers whose password this is. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      {passwordField('currentPassword', 'Current password', 'current-password')}
      {passwordField('newPassword', 'New password', 'new-password', `At least ${adminPasswordLength.min} characters`)}
      {passwordField('confirmPassword', 'Confirm new password', 'new-password')}
      {failure && <Alert severity="error">{failure}</Alert>}
      <Button type="submit" variant="contained" disabled={change.isPending} sx={{ justifySelf: { xs: 'stretch', sm: 'start' } }}>
        {change.isPending ? 'Saving...' : 'Change password'}
      </Button>
    </Box>
  );
}
