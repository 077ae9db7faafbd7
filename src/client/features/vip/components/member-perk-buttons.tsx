import DownloadIcon from '@mui/icons-material/Download';
import { Button, IconButton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { titleWithMix } from '../../../../shared/domain/track-title.js';
import { ApiError } from '../../../lib/api-client.js';
import type { EarlyListenProps, MemberDownloadProps } from '../../../lib/member-perks-slot.js';
import { notify } from '../../../lib/notifications.js';
import { PlayButton } from '../../../lib/play-button-slot.js';
import { downloadTrack } from '../api/vip-perks.js';
import { useActiveMember } from '../hooks/use-active-member.js';
import { lazyDialog } from '../../../lib/lazy-dialog.js';
import type { LapsedStatus } from './join-vip-dialog.js';
import { dayInWords } from '../../../../shared/domain/day-in-words.js';
import { earlyAccessOpensAt } from './vip-dates.js';

// What the catalog shows of the VIP perks (docs/decisions/0066), through lib/member-perks-slot.tsx.

/** The prompt loads when first opened: the catalog's pages carry the buttons, not MUI's Dialog (docs/decisions/0023). */
const JoinVipDialog = lazyDialog(async () => (await import('./join-vip-dialog.js')).JoinVipDialog);

const failed = (error: unknown) => notify(error instanceof Error ? error.message : 'Something went wrong', { variant: 'error' });

/**
 * A member download's button on a track row: the file for an active member; for a signed-in member
 * whose membership gives no perks now (paused, past due…), why; the "Join VIP" prompt for anyone else.
 */
export function MemberDownloadButton({ track }: MemberDownloadProps) {
  const { checkMembership } = useActiveMember();
  const [isPrompting, setIsPrompting] = useState(false);
  const [lapsed, setLapsed] = useState<LapsedStatus>();
  const [isBusy, setIsBusy] = useState(false);
  const onClick = async () => {
    setIsBusy(true);
    try {
      const status = await checkMembership();
      if (status === 'active') await downloadTrack({ trackId: track.id });
      else {
        setLapsed(status);
        setIsPrompting(true);
      }
    } catch (error) {
      // Lapsed since the page read the membership: the server's 403 is the prompt's case too.
      if (error instanceof ApiError && error.status === 403) setIsPrompting(true);
      else failed(error);
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <>
      <IconButton aria-label={`Download ${titleWithMix(track.title, track.mix_version)} (VIP)`} title="VIP download" size="small" disabled={isBusy} onClick={() => void onClick()}>
        <DownloadIcon fontSize="inherit" />
      </IconButton>
      <JoinVipDialog open={isPrompting} onClose={() => setIsPrompting(false)} perk="download" status={lapsed} />
    </>
  );
}

/** Beside an upcoming release's countdown: VIP members listen early; a member plays, anyone else is asked to join. */
export function EarlyListenButton({ release, tracks }: EarlyListenProps) {
  const { isKnownActive, checkMembership } = useActiveMember();
  const [isConfirmed, setIsConfirmed] = useState(false);
  const [isPrompting, setIsPrompting] = useState(false);
  const [lapsed, setLapsed] = useState<LapsedStatus>();
  if (!release.public_at) return null;
  const opensAt = earlyAccessOpensAt(release.public_at);
  // Read when drawn for a member after a click (never while rendering the public page on the server).
  const isOpen = (isKnownActive || isConfirmed) && Date.parse(opensAt) <= Date.now();
  // Only the tracks the server streams early (a preview of the label's own): any other would 404 when played.
  const earlyTracks = tracks
    .filter((track) => track.early_access)
    .map((track) => ({ ...track, spotify_url: null, preview_url: `/api/vip/early-access/${encodeURIComponent(track.id)}` }));
  // Tracks loaded and none of them streams early: nothing to promise on this release.
  if (tracks.length > 0 && earlyTracks.length === 0) return null;
  const first = earlyTracks[0];
  const onClick = async () => {
    try {
      const status = await checkMembership();
      if (status === 'active') setIsConfirmed(true);
      else {
        setLapsed(status);
        setIsPrompting(true);
      }
    } catch (error) {
      failed(error);
    }
  };
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      {isKnownActive || isConfirmed ? (
        isOpen ? (
          // The tracks are still loading when there is no first one yet.
          first && (
            <>
              <PlayButton track={first} queue={earlyTracks} context={{ artworkUrl: release.artwork_url, releaseTitle: release.title }} name={`${release.title} early`} size="medium" />
              <Typography variant="body2">VIP early access: listen now</Typography>
            </>
          )
        ) : (
          <Typography variant="body2">{`VIP early access opens on ${dayInWords(opensAt)}`}</Typography>
        )
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            {`VIP members listen early, from ${dayInWords(opensAt)}`}
          </Typography>
          <Button size="small" variant="outlined" onClick={() => void onClick()}>
            Listen early
          </Button>
        </>
      )}
      <JoinVipDialog open={isPrompting} onClose={() => setIsPrompting(false)} perk="early" status={lapsed} />
    </Stack>
  );
}
