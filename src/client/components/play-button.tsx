import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { IconButton, Tooltip } from '@mui/material';
import { isPlayable, usePlayer, type PlayableTrack } from '../lib/player.js';

/** Play / pause for one track; disabled when the track has nothing to play (SPEC §5). */
export function PlayButton({ track, size = 'small' }: { track: PlayableTrack; size?: 'small' | 'medium' }) {
  const { currentTrackId, isPlaying, toggle } = usePlayer();
  const playing = isPlaying && currentTrackId === track.id;
  const label = playing ? `Pause ${track.title}` : `Play ${track.title}`;
  const button = (
    <IconButton aria-label={label} size={size} disabled={!isPlayable(track)} onClick={() => toggle(track)}>
      {playing ? <PauseIcon fontSize="inherit" /> : <PlayArrowIcon fontSize="inherit" />}
    </IconButton>
  );
  // A disabled button fires no events: the span keeps the tooltip working.
  return isPlayable(track) ? button : <Tooltip title="Nothing to play for this track yet"><span>{button}</span></Tooltip>;
}
