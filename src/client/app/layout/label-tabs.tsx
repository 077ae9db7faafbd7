import { Box } from '@mui/material';
import { useRef, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { labels } from '../../../shared/labels.js';
import { labelFromPath, labelPath } from '../../lib/current-label.js';
import { accentText } from '../../lib/readable-colour.js';

/** The keys that move between tabs, as in any tab list: to the next, the previous, the first, the last. */
const moves: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * docs/product.md §2: three tabs, each in its label's accent; selecting one opens that label's landing
 * page. Each tab is a link, and the current label's is marked with its accent underneath. Not MUI's
 * Tabs, which measures itself and its scroll bar as each page starts, in one long task on a phone
 * (docs/decisions/0023); the panel-switching tabs of the admin and legal pages still use it.
 */
export function LabelTabs() {
  const { pathname } = useLocation();
  const current = labelFromPath(pathname);
  const tabs = useRef<(HTMLAnchorElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = moves[event.key];
    const index = tabs.current.findIndex((tab) => tab === event.target);
    if (!move || index < 0) return;
    event.preventDefault();
    tabs.current[move(index, labels.length)]?.focus();
  };

  return (
    <Box role="tablist" aria-label="Labels" onKeyDown={onKeyDown} sx={{ display: 'flex', minHeight: 64, overflowX: 'auto' }}>
      {labels.map((label, index) => {
        const selected = label.id === current.id;
        return (
          <Box
            key={label.id}
            component={Link}
            to={labelPath(label)}
            ref={(tab: HTMLAnchorElement | null) => {
              tabs.current[index] = tab;
            }}
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            sx={{
              typography: 'button',
              display: 'inline-flex',
              alignItems: 'center',
              flexShrink: 0,
              minHeight: 64,
              px: { xs: 1.25, sm: 3 },
              fontWeight: 700,
              letterSpacing: 1,
              textDecoration: 'none',
              color: selected ? (t) => accentText(t, label.accent) : 'text.secondary',
              boxShadow: selected ? (t) => `inset 0 -3px 0 ${accentText(t, label.accent)}` : 'none',
              // Inside the tab: the list scrolls on a narrow screen, and would cut a ring drawn outside.
              '&:focus-visible': { outlineOffset: -3 },
            }}
          >
            {label.short}
          </Box>
        );
      })}
    </Box>
  );
}
