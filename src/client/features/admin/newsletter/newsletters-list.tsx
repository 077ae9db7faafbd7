import { Box, Button, Chip, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { Newsletter } from '../../../../shared/api/newsletters.js';
import { vipPlans } from '../../../../shared/api/vip.js';
import { newslettersQuery } from '../api/admin-newsletters.js';
import { formatDayAndTime } from '../components/admin-format.js';
import { RetryAlert } from '../components/retry-alert.js';

const planNames = (plans: readonly string[]) => vipPlans.filter((plan) => plans.includes(plan.id)).map((plan) => plan.name).join(', ') || 'no plan yet';

function describe(newsletter: Newsletter): string {
  if (newsletter.sent_at === null) return `Draft, saved ${formatDayAndTime(newsletter.updated_at)} by ${newsletter.updated_by} · ${planNames(newsletter.plans)}`;
  const count = newsletter.recipient_count ?? 0;
  return `Sent ${formatDayAndTime(newsletter.sent_at)} by ${newsletter.sent_by ?? '—'} to ${count === 1 ? '1 member' : `${count} members`} · ${planNames(newsletter.plans)}`;
}

/** The newsletters, newest first: drafts to go on with, and what was sent, when and to how many. */
export function NewslettersList({ token, editingId, onEdit }: { token: string; editingId: string | null; onEdit: (draft: Newsletter) => void }) {
  const query = useQuery(newslettersQuery(token));
  if (query.error) return <RetryAlert message={query.error.message} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Typography color="text.secondary">Loading newsletters…</Typography>;
  if (query.data.data.length === 0) return <Typography color="text.secondary">No newsletter yet.</Typography>;
  return (
    <Paper variant="outlined">
      <List aria-label="Newsletters">
        {query.data.data.map((newsletter) => (
          <ListItem key={newsletter.id} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
            <ListItemText primary={newsletter.subject || '(no subject yet)'} secondary={describe(newsletter)} sx={{ minWidth: 0, flex: '1 1 16rem' }} />
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              {newsletter.sent_at === null ? (
                editingId === newsletter.id ? (
                  <Chip label="Editing" size="small" />
                ) : (
                  <Button size="small" onClick={() => onEdit(newsletter)} aria-label={`Edit the draft ${newsletter.subject || '(no subject yet)'}`}>
                    Edit
                  </Button>
                )
              ) : (
                <Chip label="Sent" size="small" color="success" variant="outlined" />
              )}
            </Box>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
