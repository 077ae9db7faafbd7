import DownloadIcon from '@mui/icons-material/Download';
import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, List, ListItem, ListItemText, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { VipAccount } from '../../../../shared/api/vip-account.js';
import type { EarlyAccessTrack, MemberTrack } from '../../../../shared/api/vip-perks.js';
import { memberPerksUnavailableMessages } from '../../../../shared/domain/member-perks.js';
import { titleWithMix, trackArtists } from '../../../../shared/domain/track-title.js';
import { PlayButton } from '../../../lib/play-button-slot.js';
import { downloadTrack, earlyAccessQuery, memberDownloadsQuery } from '../api/vip-perks.js';
import { dayInWords } from '../../../../shared/domain/day-in-words.js';
import { downloadFormatNames, downloadFormats, isDownloadFormat, type DownloadFormat } from '../../../../shared/download-formats.js';

/**
 * What the member's plan gives them (docs/decisions/0066): the discount code staff set for their plan,
 * the member downloads and the early-access previews; for a member who is not active, why not.
 */
export function MemberPerksSection({ account }: { account: VipAccount }) {
  if (account.status !== 'active') {
    return (
      <Alert severity="info" role="status">
        {`${memberPerksUnavailableMessages[account.status]} Downloads and early access are for active members.`}
      </Alert>
    );
  }
  return (
    <>
      {account.discount && (
        <Paper variant="outlined" component="section" aria-label="Your discount code" sx={{ p: 2 }}>
          <Typography variant="overline" component="h2">
            Your discount code
          </Typography>
          <Typography sx={{ fontFamily: 'monospace', fontSize: '1.5rem', fontWeight: 700, overflowWrap: 'anywhere' }}>{account.discount.code}</Typography>
          <Typography color="text.secondary">{account.discount.note}</Typography>
        </Paper>
      )}
      <Downloads />
      <EarlyAccess />
    </>
  );
}

const titleOf = (track: MemberTrack) => titleWithMix(track.title, track.mix_version);

function PerksList<T extends MemberTrack>({ heading, empty, query, action, detail, controls }: {
  heading: string;
  /** What applies to the whole list, under its heading (the downloads' format). */
  controls?: ReactNode;
  empty: string;
  query: { data?: { data: T[]; total: number }; error: Error | null };
  action: (track: T, all: T[]) => ReactNode;
  detail: (track: T) => string;
}) {
  const { data, error } = query;
  return (
    <Box component="section" aria-label={heading}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {heading}
      </Typography>
      {controls}
      {error ? (
        <Alert severity="error">{error.message}</Alert>
      ) : !data ? (
        <CircularProgress aria-label={`Loading ${heading.toLowerCase()}`} size={24} />
      ) : data.data.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <>
          <List dense disablePadding>
            {data.data.map((track) => (
              <ListItem key={track.id} divider sx={{ gap: 1 }}>
                <ListItemText primary={titleOf(track)} secondary={detail(track)} slotProps={{ primary: { sx: { fontWeight: 600 } } }} sx={{ minWidth: 0, overflowWrap: 'anywhere' }} />
                <Box sx={{ flexShrink: 0 }}>{action(track, data.data)}</Box>
              </ListItem>
            ))}
          </List>
          {data.total > data.data.length && <Typography variant="body2" color="text.secondary">{`The first ${data.data.length} of ${data.total}.`}</Typography>}
        </>
      )}
    </Box>
  );
}

/** The master as the label uploaded it, or one of the download formats made from it (docs/decisions/0103). */
const asUploaded = 'as-uploaded';

function Downloads() {
  const query = useQuery(memberDownloadsQuery);
  const download = useMutation({ mutationFn: downloadTrack });
  const [format, setFormat] = useState<DownloadFormat | typeof asUploaded>(asUploaded);
  return (
    <>
      <PerksList
        heading="Downloads"
        controls={
          <TextField
            select
            size="small"
            label="Download format"
            value={format}
            onChange={(event) => setFormat(isDownloadFormat(event.target.value) ? event.target.value : asUploaded)}
            sx={{ mb: 1, minWidth: 200 }}
          >
            <MenuItem value={asUploaded}>As uploaded</MenuItem>
            {downloadFormats.map((id) => (
              <MenuItem key={id} value={id}>
                {downloadFormatNames[id]}
              </MenuItem>
            ))}
          </TextField>
        }
        empty="No member downloads yet: the label marks tracks for members from time to time."
        query={query}
        detail={(track) => [trackArtists(track), track.release.title].filter(Boolean).join(' · ')}
        action={(track) => (
          <Button size="small" variant="outlined" startIcon={<DownloadIcon />} aria-label={`Download ${titleOf(track)}`} disabled={download.isPending} onClick={() => download.mutate({ trackId: track.id, format: format === asUploaded ? undefined : format })}>
            Download
          </Button>
        )}
      />
      {download.error && <Alert severity="error">{download.error.message}</Alert>}
    </>
  );
}

/** The private early-access stream, never Spotify: the release is not out there yet. */
const playable = (track: EarlyAccessTrack) => ({ ...track, spotify_url: null });

function EarlyAccess() {
  const query = useQuery(earlyAccessQuery);
  return (
    <PerksList
      heading="Early access"
      empty="No upcoming releases to listen to early right now."
      query={query}
      detail={(track: EarlyAccessTrack) => `${track.release.title} · out ${track.release.public_at ? dayInWords(track.release.public_at) : 'soon'}`}
      action={(track, all) =>
        track.preview_url ? (
          <PlayButton track={playable(track)} queue={all.filter((t) => t.preview_url).map(playable)} context={{ artworkUrl: track.release.artwork_url, releaseTitle: track.release.title }} />
        ) : (
          <Typography variant="body2" color="text.secondary">{`Opens ${dayInWords(track.opens_at)}`}</Typography>
        )
      }
    />
  );
}
