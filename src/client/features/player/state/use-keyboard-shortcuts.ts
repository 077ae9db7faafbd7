import { useEffect, useRef } from 'react';

export interface ShortcutHandlers {
  onTogglePlay(): void;
  onNext(): void;
  onPrevious(): void;
  onToggleHelp(): void;
}

export const shortcutList = [
  { keys: 'Space', action: 'Play / pause' },
  { keys: 'N', action: 'Next track' },
  { keys: 'P', action: 'Previous track' },
  { keys: '?', action: 'Show or hide these shortcuts' },
] as const;

const typingSelector = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';
// Space already activates these: a shortcut on top would undo the click.
const spaceOwnerSelector = `${typingSelector}, button, a[href], summary, [role="button"], [role="slider"], [role="menuitem"], [role="option"], [role="tab"], [role="checkbox"], [role="switch"], [role="radio"]`;

function targetMatches(target: EventTarget | null, selector: string): boolean {
  return target instanceof Element && target.closest(selector) !== null;
}

/** Player keys on the whole page: space, n, p and ?, never while the visitor types. */
export function useKeyboardShortcuts(handlers: ShortcutHandlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      if (targetMatches(event.target, typingSelector)) return;
      const h = latest.current;
      if (event.key === ' ') {
        if (targetMatches(event.target, spaceOwnerSelector)) return;
        event.preventDefault(); // no page scroll
        h.onTogglePlay();
      } else if (event.key === 'n' || event.key === 'N') h.onNext();
      else if (event.key === 'p' || event.key === 'P') h.onPrevious();
      else if (event.key === '?') h.onToggleHelp();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
