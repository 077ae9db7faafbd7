import { Alert, Box, Button, Checkbox, CircularProgress, FormControlLabel, FormGroup, FormLabel, TextField } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { staffEmailSettingsSchema, type StaffEmailSettings } from '../../../../shared/api/messaging.js';
import { labels } from '../../../../shared/labels.js';
import { notify } from '../../../lib/notifications.js';
import { saveStaffEmail, staffEmailQuery } from '../api/admin-staff-email.js';

/**
 * Settings → Email: where staff mail goes, and the labels whose new demos come in a daily digest (for a
 * role that may read the demos: the server refuses the digest to the others).
 */
export function StaffEmailForm({ token, mayGetDigest }: { token: string; mayGetDigest: boolean }) {
  const query = useQuery(staffEmailQuery(token));
  if (query.error) return <Alert severity="error">{query.error.message}</Alert>;
  if (!query.data) return <CircularProgress aria-label="Loading" />;
  return <Form token={token} saved={query.data} mayGetDigest={mayGetDigest} />;
}

function Form({ token, saved, mayGetDigest }: { token: string; saved: StaffEmailSettings; mayGetDigest: boolean }) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState(saved.email ?? '');
  const [digest, setDigest] = useState<string[]>(mayGetDigest ? saved.digest_labels : []);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (settings: StaffEmailSettings) => saveStaffEmail(token, settings),
    onSuccess: (body) => {
      queryClient.setQueryData(staffEmailQuery(token).queryKey, body);
      notify('Email settings saved', { variant: 'success' });
    },
  });

  const onSubmit = () => {
    // The shared schema checks the form as the server checks the request.
    const parsed = staffEmailSettingsSchema.safeParse({ email: email.trim() || null, digest_labels: digest });
    setFieldError(parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Please check the form'));
    if (parsed.success) save.mutate(parsed.data);
  };
  const toggle = (id: string, on: boolean) => setDigest((current) => (on ? [...current, id] : current.filter((label) => label !== id)));

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
      <TextField label="Email address" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} error={Boolean(fieldError)} helperText={fieldError ?? 'Leave empty for no staff mail.'} fullWidth />
      {mayGetDigest && (
        <FormGroup>
          <FormLabel component="legend">Daily digest of new demos</FormLabel>
          {labels.map((label) => (
            <FormControlLabel
              key={label.id}
              label={label.name}
              control={<Checkbox checked={digest.includes(label.id)} onChange={(event) => toggle(label.id, event.target.checked)} />}
            />
          ))}
        </FormGroup>
      )}
      {save.error && <Alert severity="error">{save.error.message}</Alert>}
      <Button type="submit" variant="contained" disabled={save.isPending} sx={{ justifySelf: { xs: 'stretch', sm: 'start' } }}>
        {save.isPending ? 'Saving...' : 'Save email settings'}
      </Button>
    </Box>
  );
}
