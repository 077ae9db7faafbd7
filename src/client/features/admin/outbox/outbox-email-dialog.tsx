import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Tab, Tabs, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { OutboxEmail } from '../../../../shared/api/messaging.js';
import { notify } from '../../../lib/notifications.js';
import { adminOutboxEmailQuery, adminOutboxKey, resendEmail } from '../api/admin-outbox.js';
import { formatDayAndTime } from '../components/admin-format.js';
import { useAdminToken } from '../shell/admin-outlet-context.js';
import { emailKindLabels, outboxStatusLabels } from './outbox-status.js';

function Envelope({ email }: { email: OutboxEmail }) {
  const rows: [string, string | null][] = [
    ['To', email.to.join(', ')],
    ['Kind', emailKindLabels[email.kind]],
    ['Status', outboxStatusLabels[email.status]],
    [email.status === 'failed' ? 'Reason' : 'Last error', email.last_error],
    ['Attempts', String(email.attempts)],
    ['Written', formatDayAndTime(email.created_at)],
    ['Held until', email.send_after && formatDayAndTime(email.send_after)],
    ['Next attempt', email.retry_at && formatDayAndTime(email.retry_at)],
    ['Sent', email.sent_at && formatDayAndTime(email.sent_at)],
    ['Message-ID', email.message_id],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0, mb: 2 }}>
      {rows
        .filter((row): row is [string, string] => Boolean(row[1]))
        .map(([name, value]) => (
          <Box key={name} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {name}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}

/** Both parts as the receiver sees them; the HTML in a sandbox, where it can run nothing. */
function Body({ email }: { email: OutboxEmail }) {
  const [part, setPart] = useState<'html' | 'text'>('html');
  if (email.html === null || email.text === null) {
    return <Alert severity="info">The text of this email is gone: sent emails keep it 90 days, then only their envelope.</Alert>;
  }
  return (
    <>
      <Tabs value={part} onChange={(_event, next: 'html' | 'text') => setPart(next)} aria-label="Email part" sx={{ mb: 1 }}>
        <Tab value="html" label="HTML" />
        <Tab value="text" label="Plain text" />
      </Tabs>
      {part === 'html' ? (
        <Box component="iframe" title="Email HTML" sandbox="" srcDoc={email.html} sx={{ width: '100%', height: 420, border: 1, borderColor: 'divider', bgcolor: '#fff' }} />
      ) : (
        <Box component="pre" aria-label="Email text" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'monospace', fontSize: 13, m: 0 }}>
          {email.text}
        </Box>
      )}
    </>
  );
}

/** One email of the outbox: its envelope and parts, and Resend when it failed. */
export function OutboxEmailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const token = useAdminToken();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const queryClient = useQueryClient();
  // The last email opened stays on screen while the dialog closes.
  const [shownId, setShownId] = useState(id);
  if (id !== null && id !== shownId) setShownId(id);
  const query = useQuery({ ...adminOutboxEmailQuery(token, shownId ?? ''), enabled: shownId !== null });
  const email = query.data;

  const resend = useMutation({
    mutationFn: () => resendEmail(token, shownId ?? ''),
    onSuccess: (body) => {
      queryClient.setQueryData(adminOutboxEmailQuery(token, body.data.id).queryKey, body);
      void queryClient.invalidateQueries({ queryKey: [...adminOutboxKey, 'list'] });
      notify('The email will be sent again', { variant: 'success' });
    },
    onError: (err) => notify(err.message, { variant: 'error' }),
  });

  return (
    <Dialog open={id !== null} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {email?.subject ?? 'Email'}
      </DialogTitle>
      <DialogContent>
        {query.isPending && shownId !== null && <CircularProgress aria-label="Loading" sx={{ display: 'block', mx: 'auto', my: 4 }} />}
        {query.error && <Alert severity="error">{query.error.message}</Alert>}
        {email && (
          <>
            <Envelope email={email} />
            <Body key={email.id} email={email} />
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {email?.status === 'failed' && (
          <Button variant="contained" onClick={() => resend.mutate()} disabled={resend.isPending} sx={{ mr: 'auto' }}>
            Resend
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
