import { Alert, Button, FormHelperText, OutlinedInput, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client.js';
import { askReleaseAlert } from '../api/catalog-api.js';

/**
 * "Notify me" on an upcoming release (docs/decisions/0061): an address, then the server's answer. The
 * address gets a link to confirm (double opt-in); nothing else is kept of it past the release day.
 */
export function NotifyMe({ releaseId }: { releaseId: string }) {
  const inputId = useId();
  const errorId = useId();
  const [email, setEmail] = useState('');
  const ask = useMutation({ mutationFn: () => askReleaseAlert(releaseId, email.trim()) });
  const fieldError = ask.error instanceof ApiError && ask.error.field === 'email' ? ask.error.message : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask.mutate();
  };

  if (ask.isSuccess) return <Alert severity="success">{ask.data.message}</Alert>;
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1} aria-label="Notify me">
      <Typography component="label" htmlFor={inputId} variant="body2">
        Get one email on the release day
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <OutlinedInput
          id={inputId}
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          size="small"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldError !== undefined}
          sx={{ flex: 1, minWidth: 0, maxWidth: { sm: 320 } }}
          slotProps={{ input: { 'aria-describedby': fieldError ? errorId : undefined, 'aria-invalid': fieldError !== undefined } }}
        />
        <Button type="submit" variant="contained" disabled={ask.isPending} sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}>
          Notify me
        </Button>
      </Stack>
      {fieldError && (
        <FormHelperText id={errorId} error>
          {fieldError}
        </FormHelperText>
      )}
      {ask.error && !fieldError && <Alert severity="error">{ask.error.message}</Alert>}
    </Stack>
  );
}
