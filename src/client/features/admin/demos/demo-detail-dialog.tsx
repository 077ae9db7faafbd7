import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../lib/notifications.js';
import { useId, useState, type ReactNode } from 'react';
import type { AdminDemo, AdminDemoArtist } from '../../../../shared/api/admin-inbox.js';
import type { DemoStatus } from '../../../../shared/api/demos.js';
import { socialNetworks } from '../../../../shared/domain/demo-form.js';
import { demoStatusTransitions } from '../../../../shared/domain/demo-status.js';
import { adminDemoQuery, adminDemosKey, changeDemoStatus, undoDemoDecision } from '../api/admin-inbox.js';
import { useAdminToken } from '../shell/admin-outlet-context.js';
import { canUndo, ConfirmDecisionDialog, isConfirmedDecision, UndoDecision, type ConfirmedDecision } from './decision-controls.js';
import { DemoStatusChip, demoStatusActions, demoStatusLabels } from './demo-status-chip.js';
import { formatDayAndTime, labelName } from '../components/admin-format.js';

/** The form's own wording (features/demos), in its order. */
const artistFields: [keyof AdminDemoArtist, string][] = [
  ['fullName', 'Full name'],
  ['name', 'Artist name'],
  ['email', 'Email'],
  ['country', 'Country'],
  ['province', 'Province/state'],
  ['city', 'City'],
];

/** Only http(s) becomes a link: the server checked the links, and a `javascript:` one must never be clickable. */
function isWebLink(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

function ExternalLink({ href }: { href: string }) {
  if (!isWebLink(href)) return <>{href}</>;
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>
      {href}
    </Link>
  );
}

/** Term and value pairs, side by side on a wide screen and stacked on a phone. */
function Fields({ items }: { items: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '10rem 1fr' }, columnGap: 2, rowGap: { xs: 0, sm: 0.75 }, m: 0 }}
    >
      {items.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {term}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const dontHave = (
  <Typography component="span" variant="body2" color="text.secondary">
    Don&apos;t have
  </Typography>
);

function artistItems(artist: AdminDemoArtist): [string, ReactNode][] {
  return [
    ...artistFields.map(([key, term]): [string, ReactNode] => [term, artist[key]]),
    ...socialNetworks.map(({ key, name }): [string, ReactNode] => {
      const link = artist[key];
      return [name, link === null ? dontHave : <ExternalLink href={link} />];
    }),
  ];
}

function numbered(what: string, index: number, count: number): string {
  return count > 1 ? `${what} ${index + 1} of ${count}` : what;
}

function DemoFields({ demo }: { demo: AdminDemo }) {
  return (
    <>
      <Fields
        items={[
          ['Status', <DemoStatusChip key="status" status={demo.status} />],
          ['Received', formatDayAndTime(demo.created_at)],
          ['Label', labelName(demo.label)],
          ['Contact email', <Link key="contact" href={`mailto:${demo.contact_email}`}>{demo.contact_email}</Link>],
        ]}
      />
      {demo.artists.map((artist, index) => (
        <Section key={`artist-${index}`} title={numbered('Artist', index, demo.artists.length)}>
          <Fields items={artistItems(artist)} />
        </Section>
      ))}
      {demo.tracks.map((track, index) => (
        <Section key={`track-${index}`} title={numbered('Track', index, demo.tracks.length)}>
          <Fields
            items={[
              ['Track name', track.name],
              ['Genre', track.genre],
              ['SoundCloud link', <ExternalLink key="link" href={track.soundCloudPrivateLink} />],
            ]}
          />
        </Section>
      ))}
    </>
  );
}

/** One demo with every field of its form, and a button for each move its status allows. */
export function DemoDetailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const token = useAdminToken();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const queryClient = useQueryClient();
  // The last demo opened stays on screen while the dialog closes.
  const [shownId, setShownId] = useState(id);
  if (id !== null && id !== shownId) setShownId(id);
  const query = useQuery({ ...adminDemoQuery(token, shownId ?? ''), enabled: shownId !== null });
  const demo = query.data;

  const [confirming, setConfirming] = useState<ConfirmedDecision | null>(null);
  const onChanged = (body: { success: true; data: AdminDemo }, message: string) => {
    queryClient.setQueryData(adminDemoQuery(token, body.data.id).queryKey, body);
    void queryClient.invalidateQueries({ queryKey: [...adminDemosKey, 'list'] });
    notify(message, { variant: 'success' });
  };
  const move = useMutation({
    mutationFn: (status: DemoStatus) => changeDemoStatus(token, shownId ?? '', status),
    onSuccess: (body) =>
      onChanged(body, `Demo moved to ${demoStatusLabels[body.data.status]}${canUndo(body.data) ? ': you can undo it for 10 minutes' : ''}`),
    onError: (err) => notify(err.message, { variant: 'error' }),
  });
  const undo = useMutation({
    mutationFn: () => undoDemoDecision(token, shownId ?? ''),
    onSuccess: (body) => onChanged(body, `Decision undone: the demo is back to ${demoStatusLabels[body.data.status]} and no email goes`),
    onError: (err) => notify(err.message, { variant: 'error' }),
  });

  const title = demo ? demo.tracks.map((t) => t.name).join(', ') : 'Demo';
  const moves = demo ? demoStatusTransitions[demo.status] : [];

  return (
    <Dialog open={id !== null} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pb: 0.5 }}>
        {title}
        {demo && (
          <Typography color="text.secondary" component="span" sx={{ display: 'block' }}>
            {`by ${demo.artists.map((a) => a.name).join(', ')}`}
          </Typography>
        )}
      </DialogTitle>
      <DialogContent>
        {query.isPending && shownId !== null && <CircularProgress aria-label="Loading" sx={{ display: 'block', mx: 'auto', my: 4 }} />}
        {query.error && <Alert severity="error">{query.error.message}</Alert>}
        {demo && <UndoDecision demo={demo} isUndoing={undo.isPending} onUndo={() => undo.mutate()} />}
        {demo && <DemoFields demo={demo} />}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
        {demo && moves.length === 0 && !canUndo(demo) && (
          <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
            {`${demoStatusLabels[demo.status]} is final.`}
          </Typography>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mr: 'auto' }}>
          {moves.map((status) => (
            <Button
              key={status}
              variant={status === 'declined' ? 'outlined' : 'contained'}
              color={status === 'declined' ? 'error' : 'primary'}
              disabled={move.isPending}
              onClick={() => (isConfirmedDecision(status) ? setConfirming(status) : move.mutate(status))}
            >
              {demoStatusActions[status] ?? demoStatusLabels[status]}
            </Button>
          ))}
        </Stack>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      <ConfirmDecisionDialog
        decision={confirming}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) move.mutate(confirming);
          setConfirming(null);
        }}
      />
    </Dialog>
  );
}
