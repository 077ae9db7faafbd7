import KeyboardIcon from '@mui/icons-material/Keyboard';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import SkipPreviousIcon from '@mui/icons-material/SkipPrevious';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import {
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  Slider,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { spotifyEmbedUrl, spotifyTrackId, type QueueItem } from '../state/player-tracks.js';
import { usePlayer, type PlayerState } from '../state/player.js';
import { shortcutList, useKeyboardShortcuts } from '../state/use-keyboard-shortcuts.js';
import { trackTitle } from '../../../../shared/domain/track-title.js';

/** Pixels. Spotify's compact embed is 80 px tall, so the desktop bar and a phone showing it are too. */
export const playerBarHeight = { phone: 64, embed: 80, desktop: 80 } as const;
/** The bar's current height (0px while hidden): the shell pads its content and lifts overlays by it. */
export const playerBarHeightVar = '--player-bar-height';

/** 75 → "1:15". */
export function formatTime(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

const artistLine = (item: QueueItem) => item.artists.join(', ');

/** Persistent player at the bottom of every page; hidden until something was played. */
export function PlayerBar() {
  const player = usePlayer();
  const { currentTrack, source, isPlaying } = player;
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const [helpOpen, setHelpOpen] = useState(false);
  const [queueAnchor, setQueueAnchor] = useState<HTMLElement | null>(null);
  const height = !currentTrack ? 0 : isPhone ? (source === 'embed' ? playerBarHeight.embed : playerBarHeight.phone) : playerBarHeight.desktop;

  useKeyboardShortcuts({
    onTogglePlay: () => (isPlaying ? player.pause() : player.play()),
    onNext: player.next,
    onPrevious: player.previous,
    onToggleHelp: () => setHelpOpen((open) => !open),
  });
  useMediaSession(player);

  useEffect(() => {
    document.documentElement.style.setProperty(playerBarHeightVar, `${height}px`);
  }, [height]);
  useEffect(
    () => () => {
      document.documentElement.style.removeProperty(playerBarHeightVar);
    },
    [],
  );

  const help = <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />;
  if (!currentTrack) return help;

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
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, width: '100%', ...(isPhone && { position: 'absolute', top: -13, left: 0, px: 0 }) }}>
        {!isPhone && <TimeText seconds={player.position} />}
        <Slider
          aria-label="Seek"
          size="small"
          min={0}
          max={Math.max(player.duration, player.position, 1)}
          step={0.1}
          value={player.position}
          valueLabelDisplay="off"
          getAriaValueText={formatTime}
          onChange={(_, value) => player.seek(value as number)}
          sx={isPhone ? { py: '12px !important', '& .MuiSlider-thumb': { width: 10, height: 10 } } : undefined}
        />
        {!isPhone && <TimeText seconds={player.duration} />}
      </Box>
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
            <IconButton aria-label="Keyboard shortcuts" onClick={() => setHelpOpen(true)}>
              <KeyboardIcon fontSize="small" />
            </IconButton>
          )}
          <IconButton aria-label="Queue" aria-haspopup="menu" onClick={(e) => setQueueAnchor(e.currentTarget)}>
            <QueueMusicIcon />
          </IconButton>
        </Box>
      </Paper>
      <QueueMenu player={player} anchor={queueAnchor} onClose={() => setQueueAnchor(null)} />
      {help}
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
          {artistLine(item) || item.release_title || '—'}
        </Typography>
      </Box>
    </Box>
  );
}

function TimeText({ seconds }: { seconds: number }) {
  return (
    <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 36, textAlign: 'center' }}>
      {formatTime(seconds)}
    </Typography>
  );
}

function QueueMenu({ player, anchor, onClose }: { player: PlayerState; anchor: HTMLElement | null; onClose: () => void }) {
  return (
    <Menu
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      transformOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      slotProps={{ list: { 'aria-label': 'Queue' }, paper: { sx: { maxHeight: 420, width: 340, maxWidth: '95vw' } } }}
    >
      {player.queue.map((item, at) => (
        <MenuItem
          key={`${item.id}-${at}`}
          selected={at === player.index}
          onClick={() => {
            player.playAt(at);
            onClose();
          }}
        >
          <ListItemText primary={trackTitle(item)} secondary={artistLine(item) || undefined} slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }} />
        </MenuItem>
      ))}
    </Menu>
  );
}

function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="player-shortcuts-title">
      <DialogTitle id="player-shortcuts-title">Keyboard shortcuts</DialogTitle>
      <DialogContent>
        <Table size="small">
          <TableBody>
            {shortcutList.map((s) => (
              <TableRow key={s.keys}>
                <TableCell component="th" scope="row">
                  <kbd>{s.keys}</kbd>
                </TableCell>
                <TableCell>{s.action}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
    </Dialog>
  );
}

/** Lock screen and media keys (Media Session API), where the browser has it. */
function useMediaSession(player: PlayerState) {
  const { currentTrack, isPlaying, play, pause, next, previous, seek } = player;
  useEffect(() => {
    if (!('mediaSession' in navigator) || typeof MediaMetadata === 'undefined') return;
    navigator.mediaSession.metadata = currentTrack
      ? new MediaMetadata({
          title: trackTitle(currentTrack),
          artist: artistLine(currentTrack),
          album: currentTrack.release_title ?? '',
          artwork: currentTrack.artwork_url ? [{ src: currentTrack.artwork_url }] : [],
        })
      : null;
  }, [currentTrack]);
  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    navigator.mediaSession.playbackState = currentTrack ? (isPlaying ? 'playing' : 'paused') : 'none';
  }, [currentTrack, isPlaying]);
  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', play],
      ['pause', pause],
      ['previoustrack', previous],
      ['nexttrack', next],
      ['seekto', (details) => details.seekTime !== undefined && seek(details.seekTime)],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // An action this browser does not support.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // As above.
        }
      }
    };
  }, [play, pause, next, previous, seek]);
}
