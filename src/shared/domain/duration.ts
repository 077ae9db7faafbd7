/** m:ss from milliseconds; unknown durations show as an em dash (docs/product.md §10.8). */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '—';
  const totalSeconds = Math.round(ms / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** Parses a distributor length such as "05:19" or "1:02:03"; null when it is not one. */
export function parseLength(text: string): number | null {
  // At most 99 hours: well inside the database integer of milliseconds.
  const match = /^(?:(\d{1,2}):)?(\d{1,3}):([0-5]\d)$/.exec(text.trim());
  if (!match) return null;
  const [, hours, minutes, seconds] = match;
  // "1:75:00" is no length: with hours in front, minutes stop at 59 like seconds do.
  if (hours !== undefined && Number(minutes) > 59) return null;
  return ((Number(hours ?? 0) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000;
}
