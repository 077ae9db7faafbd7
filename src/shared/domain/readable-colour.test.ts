import { describe, expect, it } from 'vitest';
import { labels } from '../labels.js';
import { siteConfig } from '../site-config.js';
import { contrastRatio, readableOn, textContrast } from './readable-colour.js';

describe('readableOn', () => {
  it('keeps a colour that already reads, and deepens the label accents and the primary green on the light background', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBe(21);
    expect(contrastRatio('#777', '#FFFFFF')).toBeCloseTo(4.48, 2);
    expect(readableOn('#FF0000', '#000000')).toBe('#FF0000');
    for (const colour of [...labels.map((l) => l.accent), siteConfig.theme.primary]) {
      for (const background of ['#FAFAFA', '#FFFFFF', '#000000']) {
        expect(contrastRatio(readableOn(colour, background), background)).toBeGreaterThanOrEqual(textContrast);
      }
    }
    // Before issue 15 the light theme used the accent as it is: the records green read 1.3:1.
    expect(contrastRatio(labels[0]!.accent, '#FAFAFA')).toBeLessThan(textContrast);
  });
});
