import { Box, useMediaQuery, useTheme } from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { trackTitle } from '../../../../shared/domain/track-title.js';
import { visuallyHidden } from '../../../lib/visually-hidden.js';
import { usePlayer } from '../state/player-context.js';
import { useKeyboardShortcuts } from '../state/use-keyboard-shortcuts.js';
import { playerBarHeight, playerBarHeightVar } from './player-bar-height.js';

// The bar's controls and the shortcuts dialog load when they first show: a visit that plays nothing
// loads neither (docs/decisions/0023).
const PlayerControls = lazy(() => import('./player-controls.js'));
const ShortcutsDialog = lazy(() => import('./shortcuts-dialog.js'));

/** Persistent player at the bottom of every page; hidden until something was played. */
export function PlayerBar() {
  const player = usePlayer();
  const { currentTrack, source, isPlaying } = player;
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const [helpOpen, setHelpOpen] = useState(false);
  // Once opened, the dialog stays mounted, so that it can fade out when closed.
  const [hasHelp, setHasHelp] = useState(false);
  const height = !currentTrack ? 0 : isPhone ? (source === 'embed' ? playerBarHeight.embed : playerBarHeight.phone) : playerBarHeight.desktop;
  const showHelp = (open: boolean) => {
    setHelpOpen(open);
    if (open) setHasHelp(true);
  };

  useKeyboardShortcuts({
    onTogglePlay: () => (isPlaying ? player.pause() : player.play()),
    onNext: player.next,
    onPrevious: player.previous,
    onToggleHelp: () => showHelp(!helpOpen),
  });

  useEffect(() => {
    document.documentElement.style.setProperty(playerBarHeightVar, `${height}px`);
  }, [height]);
  useEffect(
    () => () => {
      document.documentElement.style.removeProperty(playerBarHeightVar);
    },
    [],
  );

  return (
    <>
      {currentTrack && (
        <Suspense fallback={null}>
          <PlayerControls player={{ ...player, currentTrack }} isPhone={isPhone} height={height} onShowShortcuts={() => showHelp(true)} />
        </Suspense>
      )}
      {/* Always in the page, so that a screen reader hears each new track without losing its place (WCAG 4.1.3). */}
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {currentTrack ? `Now playing: ${trackTitle(currentTrack)}${currentTrack.credits ? ` by ${currentTrack.credits}` : ''}` : ''}
      </Box>
      {hasHelp && (
        <Suspense fallback={null}>
          <ShortcutsDialog open={helpOpen} onClose={() => showHelp(false)} />
        </Suspense>
      )}
    </>
  );
}
