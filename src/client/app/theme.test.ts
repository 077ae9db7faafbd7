import { describe, expect, it } from 'vitest';
import { contrastRatio, textContrast } from '../../shared/domain/readable-colour.js';
import { labels } from '../../shared/labels.js';
import { createAppTheme, withLabelAccent } from './theme.js';

describe("a label's theme: its accent is the primary colour of its pages (issue 35)", () => {
  for (const mode of ['dark', 'light'] as const) {
    for (const label of labels) {
      it(`${label.short} in the ${mode} theme: its accent, readable on the background, with readable text on it`, () => {
        const site = createAppTheme(mode);
        const { primary, background } = withLabelAccent(site, label.accent).palette;
        expect(contrastRatio(primary.main, background.default)).toBeGreaterThanOrEqual(textContrast);
        expect(contrastRatio(primary.contrastText, primary.main)).toBeGreaterThanOrEqual(textContrast);
        // The accent itself on the dark background (each reads there), a deeper shade of it on the light one (none does).
        if (mode === 'dark') expect(primary.main).toBe(label.accent);
        else expect(primary.main).not.toBe(label.accent);
      });
    }
  }

  it('leaves the rest of the theme as it is', () => {
    const site = createAppTheme('dark');
    const tech = withLabelAccent(site, '#FF0000');
    expect(tech.palette.background).toEqual(site.palette.background);
    expect(tech.palette.text).toEqual(site.palette.text);
    expect(tech.palette.primary.contrastText).toBe('#000000');
  });
});
