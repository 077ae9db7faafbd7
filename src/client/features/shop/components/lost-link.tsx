import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { resendRequestSchema, type ResendRequest } from '../../../../shared/api/shop.js';
import { FormTextField } from '../../../components/form-text-field.js';
import { ApiError } from '../../../lib/api-client.js';
import { resendOrderLinks } from '../api/shop-api.js';

/** "Lost your link?": the address a purchase was made with gets a link to each of its orders (the answer is the same for any address). */
export function LostLink() {
  const headingId = useId();
  const { control, handleSubmit, setError } = useForm<ResendRequest>({ resolver: zodResolver(resendRequestSchema), defaultValues: { email: '' } });
  const resend = useMutation({
    mutationFn: (form: ResendRequest) => resendOrderLinks(form.email),
    onError: (error) => {
      if (error instanceof ApiError && error.field === 'email') setError('email', { message: error.message });
    },
  });
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        Lost your link?
      </Typography>
      {resend.isSuccess ? (
        <Alert severity="success">{resend.data.data.message}</Alert>
      ) : (
        <Stack component="form" noValidate onSubmit={handleSubmit((form) => resend.mutate(form))} spacing={1}>
          <Typography variant="body2" color="text.secondary">
            Enter the email you bought with: we send you a link to each of your orders.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <FormTextField control={control} name="email" label="Your email" type="email" autoComplete="email" size="small" sx={{ flex: 1, maxWidth: { sm: 360 } }} />
            <Button type="submit" variant="outlined" disabled={resend.isPending} sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}>
              Email me my links
            </Button>
          </Stack>
          {resend.error && !(resend.error instanceof ApiError && resend.error.field === 'email') && <Alert severity="error">{resend.error.message}</Alert>}
        </Stack>
      )}
    </Box>
  );
}
