/** CC-XXX-YY-NNNNN without its hyphens: country, registrant, year, designation. */
export const isrcPattern = /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/;

/** The canonical form of an ISRC as typed or exported: hyphens and spaces dropped, upper-case. */
export function canonicalIsrc(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}
