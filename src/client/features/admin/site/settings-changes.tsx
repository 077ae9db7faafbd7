import { Alert, Box, Button, CircularProgress, List, ListItem, Paper, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingsChange } from '../../../../shared/api/settings.js';
import { notify } from '../../../lib/notifications.js';
import { revertSettingsChange, settingsChangesQuery, storeSavedSettings } from '../api/admin-site-settings.js';
import { formatDayAndTime } from '../components/admin-format.js';

const shownLength = 140;

/** A value of the log in words: texts quoted and cut short, lists and the rest as JSON. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  const text = typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
  return text.length > shownLength ? `${text.slice(0, shownLength - 1)}…` : text;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A list of entries with ids (the VIP plans, which merge by id) read as entries by id: `vip.plans.annual.price`. */
function byId(value: unknown): unknown {
  if (!Array.isArray(value) || !value.every((entry) => isPlainObject(entry) && typeof entry.id === 'string')) return value;
  return Object.fromEntries((value as Record<string, unknown>[]).map(({ id, ...entry }) => [id, entry]));
}

/** Every setting a change touched, by its path ("labels.tech.accent"), with its value before and after. */
export function changedSettings(beforeValue: unknown, afterValue: unknown, path = ''): { path: string; before: unknown; after: unknown }[] {
  const [before, after] = [byId(beforeValue), byId(afterValue)];
  if (isPlainObject(before) || isPlainObject(after)) {
    const from = isPlainObject(before) ? before : {};
    const to = isPlainObject(after) ? after : {};
    return [...new Set([...Object.keys(from), ...Object.keys(to)])].flatMap((key) => changedSettings(from[key], to[key], path ? `${path}.${key}` : key));
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path, before, after }];
}

function ChangeEntry({ token, change }: { token: string; change: SettingsChange }) {
  const queryClient = useQueryClient();
  const when = formatDayAndTime(change.at);
  const revert = useMutation({
    mutationFn: () => revertSettingsChange(token, change.id),
    onSuccess: (answer) => {
      storeSavedSettings(queryClient, token, answer);
      notify(`The change of ${when} is undone`, { variant: 'success' });
    },
  });
  return (
    <ListItem divider sx={{ display: 'grid', gap: 1, px: 0, alignItems: 'start', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) auto' } }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography component="p" sx={{ fontWeight: 600 }}>
          {`${when} by ${change.by ?? 'someone no longer on the staff'}`}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {changedSettings(change.before, change.after).map((entry) => (
            <Typography key={entry.path} component="li" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              <Box component="code" sx={{ color: 'text.primary' }}>
                {entry.path}
              </Box>
              {`: ${shown(entry.before)} → ${shown(entry.after)}`}
            </Typography>
          ))}
        </Box>
        {revert.error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {revert.error.message}
          </Alert>
        )}
      </Box>
      <Button variant="outlined" disabled={revert.isPending} onClick={() => revert.mutate()} aria-label={`Revert the change of ${when}`} sx={{ justifySelf: { xs: 'start', sm: 'end' } }}>
        {revert.isPending ? 'Reverting...' : 'Revert'}
      </Button>
    </ListItem>
  );
}

/** Site → Changes: every change of the settings, newest first, who made it and what it changed; each can be undone. */
export function SettingsChanges({ token }: { token: string }) {
  const query = useQuery(settingsChangesQuery(token));
  return (
    <Paper component="section" aria-labelledby="site-settings-changes" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="site-settings-changes" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        Changes
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Reverting puts the settings back as they were before that change, and is logged as a change itself.
      </Typography>
      {query.error && <Alert severity="error">{query.error.message}</Alert>}
      {!query.data && !query.error && <CircularProgress aria-label="Loading" />}
      {query.data?.length === 0 && <Typography>No changes yet: the site shows the settings it came with.</Typography>}
      {query.data && query.data.length > 0 && (
        <List aria-label="Changes, newest first" disablePadding>
          {query.data.map((change) => (
            <ChangeEntry key={change.id} token={token} change={change} />
          ))}
        </List>
      )}
    </Paper>
  );
}
