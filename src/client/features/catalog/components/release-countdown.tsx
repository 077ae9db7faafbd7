import { Chip, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import type { Release } from '../../../../shared/api/catalog.js';
import { countdown } from '../../../../shared/domain/release-display.js';
import { outLabel } from './release-card.js';

/**
 * An upcoming release's "Out {date}" and the time left until it is out (midnight of its date in the
 * labels' time zone). The time left is drawn after hydration only: the server cannot know the
 * visitor's moment, and the page must hydrate as it was rendered.
 */
export function ReleaseCountdown({ release }: { release: Pick<Release, 'upcoming' | 'release_date' | 'public_at'> }) {
  const out = outLabel(release);
  const until = release.public_at ? Date.parse(release.public_at) : null;
  const [left, setLeft] = useState<string | null>(null);
  useEffect(() => {
    if (!out || until === null) return;
    const tick = () => setLeft(countdown(until, Date.now()));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [out, until]);
  if (!out) return null;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      <Chip label={out} color="primary" sx={{ fontWeight: 700 }} />
      {left && (
        <Typography variant="body2" color="text.secondary" role="timer" aria-label={`Out in ${left}`}>
          in {left}
        </Typography>
      )}
    </Stack>
  );
}
