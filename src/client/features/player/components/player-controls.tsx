import KeyboardIcon from '@mui/icons-material/Keyboard';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import SkipPreviousIcon from '@mui/icons-material/SkipPrevious';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { Box, IconButton, Paper, Slider, Typography } from '@mui/material';
import { useState } from 'react';
import { trackTitle } from '../../../../shared/domain/track-title.js';
import { spotifyEmbedUrl, spotifyTrackId, type QueueItem } from '../state/player-tracks.js';
import type { PlayerState } from '../state/player-context.js';
import { playerBarHeight } from './player-bar-height.js';
import { QueueMenu } from './queue-menu.js';
import { SeekBar } from './seek-bar.js';

export interface PlayerControlsProps {
  player: PlayerState & { currentTrack: QueueItem };
  isPhone: boolean;
  height: number;
  onShowShortcuts(): void;
}

/** The bar itself (cover, title, controls, seek, volume, queue): loaded by player-bar.tsx once a track is there. */
export default function PlayerControls({ player, isPhone, height, onShowShortcuts }: PlayerControlsProps) {
  const { currentTrack, source, isPlaying } = player;
  const [queueAnchor, setQueueAnchor] = useState<HTMLElement | null>(null);
  const title = trackTitle(currentTrack);
  const embedId = source === 'embed' && isPlaying ? spotifyTrackId(currentTrack.spotify_url) : null;
  const controls = (
    <Box sx={{ display: 'flex', alignItems: 'center', flexShrink: 0 }}>
      <IconButton aria-label="Previous track" onClick={player.previous} size={isPhone ? 'small' : 'medium'}>
        <SkipPreviousIcon />
      </IconButton>
      <IconButton aria-label={isPlaying ? 'Pause' : 'Play'} onClick={isPlaying ? player.pause : player.play} color="primary">
        {isPlaying ? <PauseIcon fontSize="large" /> : <PlayArrowIcon fontSize="large" />}
      </IconButton>
      <IconButton aria-label="Next track" onClick={player.next} size={isPhone ? 'small' : 'medium'}>
        <SkipNextIcon />
      </IconButton>
    </Box>
  );
  const seek =
    source === 'audio' ? (
      <SeekBar isPhone={isPhone} seek={player.seek} />
    ) : null;

  return (
    <>
      <Paper
        component="section"
        aria-label="Player"
        square
        elevation={8}
        sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, height, zIndex: 'appBar', display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 2 }, px: { xs: 1, sm: 2 } }}
      >
        {isPhone && seek}
        {!embedId && <NowPlaying item={currentTrack} title={title} isPhone={isPhone} />}
        {isPhone ? (
          controls
        ) : (
          <Box sx={{ flex: 2, minWidth: 0, display: 'flex', flexDirection: embedId ? 'row' : 'column', alignItems: 'center', gap: embedId ? 2 : 0 }}>
            {controls}
            {seek}
          </Box>
        )}
        {embedId && (
          <Box
            component="iframe"
            title={`Spotify player: ${title}`}
            src={spotifyEmbedUrl(embedId)}
            allow="autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture"
            loading="lazy"
            sx={{ border: 0, borderRadius: 3, height: playerBarHeight.embed, flex: 3, minWidth: 0, maxWidth: 560 }}
          />
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flex: isPhone ? '0 0 auto' : 1, justifyContent: 'flex-end' }}>
          {!isPhone && source === 'audio' && (
            <>
              <VolumeUpIcon fontSize="small" color="action" />
              <Slider aria-label="Volume" size="small" min={0} max={1} step={0.05} value={player.volume} onChange={(_, v) => player.setVolume(v as number)} sx={{ width: 96 }} />
            </>
          )}
          {!isPhone && (
            <IconButton aria-label="Keyboard shortcuts" onClick={onShowShortcuts}>
              <KeyboardIcon fontSize="small" />
            </IconButton>
          )}
          <IconButton aria-label="Queue" aria-haspopup="menu" onClick={(e) => setQueueAnchor(e.currentTarget)}>
            <QueueMusicIcon />
          </IconButton>
        </Box>
      </Paper>
      <QueueMenu player={player} anchor={queueAnchor} onClose={() => setQueueAnchor(null)} />
    </>
  );
}

function NowPlaying({ item, title, isPhone }: { item: QueueItem; title: string; isPhone: boolean }) {
  const size = isPhone ? 44 : 56;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flex: isPhone ? '1 1 auto' : 1, minWidth: 0 }}>
      {item.artwork_url ? (
        <Box component="img" src={item.artwork_url} alt={item.release_title ?? ''} sx={{ width: size, height: size, borderRadius: 1, objectFit: 'cover', flexShrink: 0 }} />
      ) : (
        <Box aria-hidden sx={{ width: size, height: size, borderRadius: 1, bgcolor: 'action.selected', flexShrink: 0 }} />
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="caption" noWrap component="p" color="text.secondary">
          {item.credits || item.release_title || '—'}
        </Typography>
      </Box>
    </Box>
  );
}
