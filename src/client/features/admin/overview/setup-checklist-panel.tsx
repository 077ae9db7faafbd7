import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Alert, Box, Link, List, ListItem, ListItemIcon, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { SetupStepId } from '../../../../shared/api/admin-overview.js';
import { adminSetupQuery } from '../api/admin-overview.js';
import { useAdminToken } from '../shell/admin-outlet-context.js';
import { OverviewPanel } from './overview-panel.js';

/** Each step's name and where it is done: an admin tab, or the server's environment (docs/operations.md). */
const steps: Record<SetupStepId, { title: string; where: { to: string; label: string } | { env: string } }> = {
  public_url: { title: 'Set the public URL', where: { env: 'PUBLIC_URL' } },
  catalog: { title: 'Import your catalog', where: { to: '/admin/labels', label: 'Labels: upload the catalog CSV' } },
  demo_catalog: { title: 'Remove the demo catalog', where: { to: '/admin/labels', label: 'Labels: Remove demo catalog' } },
  media: { title: 'Upload artwork and audio', where: { to: '/admin/labels', label: 'Labels: upload media' } },
  email: { title: 'Connect email', where: { env: 'SMTP_URL and MAIL_FROM' } },
  payments: { title: 'Connect payments', where: { env: 'STRIPE_SECRET_KEY' } },
  settings: { title: 'Fill in the settings', where: { to: '/admin/site', label: 'Site: names, texts, colours, logos and prices' } },
};

function Where({ id }: { id: SetupStepId }) {
  const where = steps[id].where;
  if ('env' in where) return <>{`In the server's environment: ${where.env}`}</>;
  return (
    <Link component={RouterLink} to={where.to}>
      {where.label}
    </Link>
  );
}

/**
 * docs/decisions/0099: from a fresh install to a live site, each step ticked from the server's real
 * state, with where it is done; above it, what fans see differently while a setting is missing.
 */
export function SetupChecklistPanel() {
  const token = useAdminToken();
  const setup = useQuery(adminSetupQuery(token));
  const error = setup.isError ? 'Failed to load the setup checklist. Please try again.' : null;
  const data = setup.data;
  const done = data?.steps.filter((step) => step.done).length ?? 0;
  return (
    <OverviewPanel title="Setup checklist" error={error} onRetry={() => void setup.refetch()}>
      {data === undefined ? (
        <List aria-busy disablePadding>
          {[0, 1, 2].map((i) => (
            <ListItem key={i} disableGutters>
              <ListItemText primary={<Skeleton width="50%" />} secondary={<Skeleton width="80%" />} />
            </ListItem>
          ))}
        </List>
      ) : (
        <Stack spacing={2}>
          <Typography color="text.secondary">{done === data.steps.length ? 'Your site is set up: every step is done.' : `${done} of ${data.steps.length} steps done.`}</Typography>
          {data.notices.length > 0 && (
            <Box>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
                What fans see meanwhile
              </Typography>
              <Stack spacing={1}>
                {data.notices.map((notice) => (
                  <Alert key={notice.step} severity="warning">
                    <strong>{`${steps[notice.step].title}: `}</strong>
                    {notice.text}
                  </Alert>
                ))}
              </Stack>
            </Box>
          )}
          <List disablePadding aria-label="Setup steps">
            {data.steps.map((step) => (
              <ListItem key={step.id} disableGutters divider alignItems="flex-start">
                <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
                  {step.done ? <CheckCircleIcon color="success" titleAccess="Done" /> : <RadioButtonUncheckedIcon color="action" titleAccess="To do" />}
                </ListItemIcon>
                <ListItemText
                  primary={steps[step.id].title}
                  secondary={
                    <>
                      {step.detail}
                      <br />
                      <Where id={step.id} />
                    </>
                  }
                  slotProps={{ primary: { sx: { fontWeight: 600 } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        </Stack>
      )}
    </OverviewPanel>
  );
}
