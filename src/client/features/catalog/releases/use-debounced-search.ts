import { useEffect, useState } from 'react';

/** SPEC §9: the search term is sent 300 ms after the last keystroke. */
export const searchDebounceMs = 300;

/**
 * A search box's text and the term it settles on: `term` follows `input` after the debounce, is
 * trimmed, and is undefined when blank (SPEC §5: an empty or whitespace term means no filter).
 */
export function useDebouncedSearch(delayMs = searchDebounceMs) {
  const [input, setInput] = useState('');
  const [settled, setSettled] = useState('');

  useEffect(() => {
    if (input === settled) return;
    const timer = setTimeout(() => setSettled(input), delayMs);
    return () => clearTimeout(timer);
  }, [input, settled, delayMs]);

  function clear() {
    setInput('');
    setSettled('');
  }

  const trimmed = settled.trim();
  return { input, setInput, term: trimmed === '' ? undefined : trimmed, clear };
}
