/** "No More (Extended Mix)": a title plus its mix version, unless the title already carries it. */
export function titleWithMix(title: string, mixVersion: string | null | undefined): string {
  const mix = mixVersion?.trim();
  return mix && !title.toLowerCase().includes(mix.toLowerCase()) ? `${title} (${mix})` : title;
}
