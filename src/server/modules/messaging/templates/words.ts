/** Plain text as staff write it: a blank line parts paragraphs. */
export function paragraphsOf(text: string): string[] {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}
