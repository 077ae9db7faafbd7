import { useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';

/** docs/product.md §9: the search term is sent 300 ms after the last keystroke. */
export const searchDebounceMs = 300;

/**
 * A search box's text and the term it settles on: `term` follows `input` after the debounce, is
 * trimmed, and is undefined when blank (docs/product.md §5: an empty or whitespace term means no filter).
 */
export function useDebouncedSearch(delayMs = searchDebounceMs) {
  const [input, setInput] = useState('');
  const debounced = useDebouncedValue(input, delayMs);
  // An emptied box stops filtering at once: there is nothing to wait for.
  const settled = input === '' ? '' : debounced;

  const clear = () => setInput('');

  const trimmed = settled.trim();
  return { input, setInput, term: trimmed === '' ? undefined : trimmed, clear };
}
