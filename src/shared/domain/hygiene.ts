// docs/product.md §5 data hygiene: names that look like sample packs rather than artists.
const wordThenNumber = /^[\p{L}\p{M}]+\s+\d+$/u;
const djPack = /^DJ\s+(?:Beats|Flow|Loop)\s+\d+$/i;

export function looksLikeSamplePack(name: string): boolean {
  const trimmed = name.trim();
  return wordThenNumber.test(trimmed) || djPack.test(trimmed);
}

/** An artist is listed when it has a name that is not a sample pack. */
export function isListableArtistName(name: string | null | undefined): boolean {
  return typeof name === 'string' && name.trim().length > 0 && !looksLikeSamplePack(name);
}
