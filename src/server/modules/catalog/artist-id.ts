import { createHash } from 'node:crypto';

/** An artist's id: a readable slug of its name ("Lex & Wood" → "lex-wood"), stable across imports. */
export function artistIdFor(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length > 0) return slug;
  return `artist-${createHash('sha256').update(name).digest('hex').slice(0, 12)}`;
}
