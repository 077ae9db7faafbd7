import { darken, getContrastRatio, lighten, type Theme } from '@mui/material/styles';

/** WCAG 2.2 AA (1.4.3): normal text needs 4.5:1 against its background. */
export const textContrast = 4.5;

/**
 * The colour, darkened (on a light background) or lightened (on a dark one) in small steps until it
 * reads as text on that background: the label accents are bright greens and blues made for black,
 * and the light theme needs a deeper shade of the same hue.
 */
export function readableOn(colour: string, background: string): string {
  const isLightBackground = getContrastRatio(background, '#000') > getContrastRatio(background, '#fff');
  let shade = colour;
  for (let step = 1; step <= 20 && getContrastRatio(shade, background) < textContrast; step += 1) {
    shade = isLightBackground ? darken(colour, step * 0.05) : lighten(colour, step * 0.05);
  }
  return shade;
}

/** A label accent as text or a selected control's colour on the theme's background (docs/product.md §1). */
export function accentText(theme: Theme, accent: string): string {
  return readableOn(accent, theme.palette.background.default);
}
