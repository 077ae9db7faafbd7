// docs/product.md §5 data hygiene: names that look like sample packs rather than artists.
const wordThenNumber = /^[\p{L}\p{M}]+\s+\d+$/u;
const djPack = /^DJ\s+(?:Beats|Flow|Loop)\s+\d+$/i;

export function looksLikeSamplePack(name: string): boolean {
  const trimmed = name.trim();
  return wordThenNumber.test(trimmed) || djPack.test(trimmed);
}

