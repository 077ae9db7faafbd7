import { getContrastRatio } from '@mui/material/styles';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import NotistackHost from './notistack-host.js';
import { notify } from './notifications.js';

describe('notices', () => {
  it('each kind of notice is readable: its text on its colour at 4.5:1 or more (WCAG AA)', async () => {
    render(<NotistackHost />);
    const variants = ['success', 'error', 'warning', 'info'] as const;
    act(() => {
      for (const variant of variants) notify(`A ${variant} notice`, { variant });
    });
    const ratios = [];
    for (const variant of variants) {
      const notice = (await screen.findByText(`A ${variant} notice`)).closest('.notistack-MuiContent') as HTMLElement;
      const style = getComputedStyle(notice);
      ratios.push([variant, Math.round(getContrastRatio(style.backgroundColor, style.color) * 10) / 10]);
    }
    expect(ratios.filter(([, ratio]) => (ratio as number) < 4.5)).toEqual([]);
  });
});
