import { Box, Chip, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { DemoStatus } from '../../../../shared/api/demos.js';
import { demoStatusQuery } from '../api/email-links.js';
import { LinkAnswer } from './link-answer.js';

/** What each status means to the artist (the receipt promises 7 business days). */
const statusTexts: Readonly<Record<DemoStatus, { name: string; text: string }>> = {
  new: { name: 'Received', text: 'Your demo has arrived and waits for the label team. We review every demo within 7 business days.' },
  listening: { name: 'Listening', text: 'The label team is listening to your demo now.' },
  shortlisted: { name: 'Shortlisted', text: 'Your demo is on the shortlist: the label team will write to you.' },
  accepted: { name: 'Accepted', text: 'The label wants to release your music: the team will write to you about what comes next.' },
  declined: { name: 'Declined', text: 'The label will not release this demo. Thank you for sending it: you are welcome to send new music.' },
};

const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'long' });

/** /demo-status/:token: a demo's status by the private link of its receipt, with no account (issue 25). */
export function DemoStatusPage() {
  const { token = '' } = useParams();
  const { data, error, isPending } = useQuery(demoStatusQuery(token));
  const demo = data?.data;
  return (
    <LinkAnswer title="Your demo" error={error} isPending={isPending}>
      {demo && (
        <Stack spacing={2}>
          <Typography variant="body1">{`Sent to ${demo.label_name} on ${formatDate(demo.submitted_at)}`}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }} aria-label="Tracks">
            {demo.tracks.map((track) => (
              <li key={track}>
                <Typography>{track}</Typography>
              </li>
            ))}
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="h6" component="h2">
              Status
            </Typography>
            <Chip label={statusTexts[demo.status].name} color={demo.status === 'declined' ? 'default' : 'primary'} />
          </Stack>
          <Typography color="text.secondary">{statusTexts[demo.status].text}</Typography>
          <Typography variant="body2" color="text.secondary">{`Last change: ${formatDate(demo.updated_at)}`}</Typography>
        </Stack>
      )}
    </LinkAnswer>
  );
}
