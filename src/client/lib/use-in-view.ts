import { useEffect, useRef } from 'react';

/**
 * Calls `onInView` when the returned element scrolls into view (docs/product.md §9: threshold 0.1).
 * `revision` renews the observer after each reveal, so a trigger still in view fires again.
 */
export function useInView<E extends Element>(onInView: () => void, { enabled, revision }: { enabled: boolean; revision: unknown }) {
  const ref = useRef<E | null>(null);
  const callback = useRef(onInView);
  useEffect(() => {
    callback.current = onInView;
  });
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { threshold: 0.1 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, revision]);
  return ref;
}
