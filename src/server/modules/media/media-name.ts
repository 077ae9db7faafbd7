/** A file's name as it names something (a release, an artist, a track): without its folders and extension, trimmed, in lower case. */
export function nameKey(fileName: string): string {
  const base = fileName.slice(fileName.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base).trim().toLowerCase();
}
