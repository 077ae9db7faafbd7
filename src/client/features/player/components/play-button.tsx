import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { IconButton } from '@mui/material';
import { titleWithMix } from '../../../../shared/domain/track-title.js';
import type { PlayButtonProps } from '../../../lib/play-button-slot.js';
import { isPlayable, noPreviewMessage } from '../state/player-tracks.js';
import { usePlayer } from '../state/player-context.js';

/** Play / pause for one track; disabled when the track has nothing to play (docs/product.md §5). */
export function PlayButton({ track, queue, context, size = 'small', name: listName }: PlayButtonProps) {
  const { currentTrack, isPlaying, toggle } = usePlayer();
  const playing = isPlaying && currentTrack?.id === track.id;
  // The mix names the version: 'Play Cold Fire (Velora Kash Remix)' beside 'Play Cold Fire' (WCAG 2.4.6).
  const name = listName ?? titleWithMix(track.title, track.mix_version);
  const label = playing ? `Pause ${name}` : `Play ${name}`;
  const button = (
    <IconButton aria-label={label} size={size} disabled={!isPlayable(track)} onClick={() => toggle(track, queue, context)}>
      {playing ? <PauseIcon fontSize="inherit" /> : <PlayArrowIcon fontSize="inherit" />}
    </IconButton>
  );
  // A disabled button fires no events and takes no focus: the span's hint shows on hover. (The
  // browser's own tooltip: MUI's would load Popper into every page that lists a track.)
  return isPlayable(track) ? button : <span title={noPreviewMessage}>{button}</span>;
}
