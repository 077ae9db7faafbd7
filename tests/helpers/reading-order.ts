/** How docs/product.md §4.4 sorts names: accents dropped, then case, then code unit by code unit. */
export const readingKey = (name: string) => name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

export const byReadingKey = (a: string, b: string) => (readingKey(a) < readingKey(b) ? -1 : readingKey(a) > readingKey(b) ? 1 : 0);
