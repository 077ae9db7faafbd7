import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { labels } from '../../shared/labels.js';
import { siteConfig } from '../../shared/site-config.js';
import { readableOn, textContrast } from './readable-colour.js';

describe('readableOn', () => {
  it('keeps a colour that already reads, and deepens the label accents and the primary green on the light background', () => {
    expect(readableOn('#FF0000', '#000000')).toBe('#FF0000');
    for (const colour of [...labels.map((l) => l.accent), siteConfig.theme.primary]) {
      for (const background of ['#FAFAFA', '#FFFFFF', '#000000']) {
        expect(getContrastRatio(readableOn(colour, background), background)).toBeGreaterThanOrEqual(textContrast);
      }
    }
    // Before issue 15 the light theme used the accent as it is: the records green read 1.3:1.
    expect(getContrastRatio(labels[0]!.accent, '#FAFAFA')).toBeLessThan(textContrast);
  });
});
