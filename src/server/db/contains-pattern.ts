/** `%term%` for ILIKE with the user's own % and _ taken literally: every search box of the site and the admin. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
