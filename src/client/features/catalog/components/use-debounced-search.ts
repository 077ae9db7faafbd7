import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';

/** docs/product.md §9: the search term is sent 300 ms after the last keystroke. */
export const searchDebounceMs = 300;

/**
 * A search box's text and the term it settles on: `term` follows `input` after the debounce, is
 * trimmed, and is undefined when blank (docs/product.md §5: an empty or whitespace term means no filter).
 * The settled term lives in the URL as `?q=`, so that a search can be shared and survives a reload.
 */
export function useDebouncedSearch(delayMs = searchDebounceMs) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [input, setInput] = useState('');
  // The URL's term is taken once hydrated: the server renders pages without it (it keys pages on `tab` only).
  useEffect(() => {
    const q = searchParams.get('q');
    if (q) setInput(q);
    // Once, on arrival: later changes of the URL come from this hook.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const debounced = useDebouncedValue(input, delayMs);
  // An emptied box stops filtering at once: there is nothing to wait for.
  const settled = input === '' ? '' : debounced;
  const trimmed = settled.trim();
  const term = trimmed === '' ? undefined : trimmed;

  const written = useRef(term);
  useEffect(() => {
    if (written.current === term) return;
    written.current = term;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (term) next.set('q', term);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [term, setSearchParams]);

  const clear = () => setInput('');
  return { input, setInput, term, clear };
}
