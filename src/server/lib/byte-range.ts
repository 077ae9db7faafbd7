/** A single `bytes=` range of an HTTP Range header, resolved against a body of `size` bytes. */
export type ByteRange = { start: number; end: number } | 'unsatisfiable' | undefined;

/**
 * undefined: no usable range (absent, not bytes, or several ranges), so the whole body is sent;
 * 'unsatisfiable': a range that starts past the end (416). Browsers seek audio with one range.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return undefined;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  if (start >= size) return 'unsatisfiable';
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  return end < start ? undefined : { start, end };
}
