import { Box, Slider, Typography } from '@mui/material';
import { usePlayerTime } from '../state/player-context.js';

/** 75 → "1:15". */
export function formatTime(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Elapsed time, seek slider and length: the one part of the bar that follows every time update. */
export function SeekBar({ isPhone, seek }: { isPhone: boolean; seek(seconds: number): void }) {
  const { position, duration } = usePlayerTime();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, width: '100%', ...(isPhone && { position: 'absolute', top: -13, left: 0, px: 0 }) }}>
      {!isPhone && <TimeText seconds={position} />}
      <Slider
        aria-label="Seek"
        size="small"
        min={0}
        max={Math.max(duration, position, 1)}
        step={0.1}
        value={position}
        valueLabelDisplay="off"
        getAriaValueText={formatTime}
        onChange={(_, value) => seek(value as number)}
        sx={isPhone ? { py: '12px !important', '& .MuiSlider-thumb': { width: 10, height: 10 } } : undefined}
      />
      {!isPhone && <TimeText seconds={duration} />}
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
