import { Box, Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { ReactNode } from 'react';
import type { Track } from '../../../../shared/api/catalog.js';
import { formatDuration } from '../../../../shared/domain/duration.js';
import { trackArtists, trackTitle } from '../../../../shared/domain/track-title.js';
import { MemberDownload } from '../../../lib/member-perks-slot.js';
import { PlayButton, type PlayContext } from '../../../lib/play-button-slot.js';

export interface TrackTableProps<T extends Track = Track> {
  tracks: T[];
  /** Accessible name of the table. */
  label: string;
  /** # is the track number on a release, the position in a playlist. */
  numbering?: 'track' | 'position';
  /** Release artwork and title for the player bar; the table's tracks become the queue. */
  playContext?: PlayContext;
  /** After a track's title: on a release's page, its Buy button when sold alone. */
  trackAction?: (track: T) => ReactNode;
}

/** The track table (docs/product.md §3): #, Title, Artist, Time, Play; a member download's title has the VIP download button (docs/decisions/0066). */
export function TrackTable<T extends Track>({ tracks, label, numbering = 'track', playContext, trackAction }: TrackTableProps<T>) {
  return (
    <TableContainer>
      <Table size="small" aria-label={label} sx={{ '& th, & td': { px: { xs: 0.75, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 32 }}>#</TableCell>
            <TableCell>Title</TableCell>
            <TableCell>Artist</TableCell>
            <TableCell align="right" sx={{ width: 56 }}>
              Time
            </TableCell>
            <TableCell align="center" sx={{ width: 56 }}>
              Play
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {tracks.map((track, index) => (
            <TableRow key={track.id} hover>
              <TableCell>{numbering === 'track' ? track.track_number || index + 1 : index + 1}</TableCell>
              <TableCell sx={{ fontWeight: 500 }}>
                {trackTitle(track)}
                {track.member_download && (
                  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                    {' '}
                    <Chip label="VIP" size="small" color="secondary" variant="outlined" sx={{ ml: 0.5, height: 20, fontSize: '0.7rem' }} />
                    <MemberDownload track={track} />
                  </Box>
                )}
                {trackAction?.(track)}
              </TableCell>
              <TableCell sx={{ color: 'text.secondary' }}>{trackArtists(track)}</TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatDuration(track.duration_ms)}
              </TableCell>
              <TableCell align="center">
                <PlayButton track={track} queue={tracks} context={playContext} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
