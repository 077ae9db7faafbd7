import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client.js';

/** An unknown or malformed token: the server's 404 or 400. Anything else may pass: try again later. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    return 'This link is not valid. Please check that you opened the whole link from the email.';
  }
  return 'We could not load this page. Please try again later.';
}

/** The frame of a page behind an emailed link: its title, then loading, the failure, or the answer. */
export function LinkAnswer({ title, error, isPending, children }: { title: string; error: unknown; isPending: boolean; children: ReactNode }) {
  return (
    <Box sx={{ p: { xs: 2, md: 4 }, maxWidth: 720 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3, fontSize: { xs: '1.75rem', md: '2.125rem' } }}>
        {title}
      </Typography>
      {error ? <Alert severity="error">{failureText(error)}</Alert> : isPending ? <CircularProgress aria-label="Loading" /> : children}
    </Box>
  );
}

/**
 * A double opt-in's answer (docs/decisions/0061, 0099), under what the page says first: the question and
 * "Confirm" until it is confirmed, then what was confirmed; "Forget my address" until it is forgotten, then the
 * server's words. Opening the page changes nothing (mail scanners open links).
 */
export function ConfirmOrForget({
  confirmed,
  question,
  confirmedText,
  confirm,
  forget,
  children,
}: {
  confirmed: boolean;
  question: string;
  confirmedText: string;
  confirm: UseMutationResult<unknown, Error, void>;
  forget: UseMutationResult<{ message: string }, Error, void>;
  children?: ReactNode;
}) {
  const failure = confirm.error ?? forget.error;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      {children}
      {forget.isSuccess ? (
        <Alert severity="success">{forget.data.message}</Alert>
      ) : (
        <>
          {confirmed ? (
            <Alert severity="success">{confirmedText}</Alert>
          ) : (
            <>
              <Typography>{question}</Typography>
              <Button variant="contained" onClick={() => confirm.mutate()} disabled={confirm.isPending}>
                Confirm
              </Button>
            </>
          )}
          {failure && <Alert severity="error">{failure.message}</Alert>}
          <Button variant="text" onClick={() => forget.mutate()} disabled={forget.isPending}>
            Forget my address
          </Button>
        </>
      )}
    </Stack>
  );
}
