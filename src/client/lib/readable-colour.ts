import type { Theme } from '@mui/material/styles';
import { readableOn } from '../../shared/domain/readable-colour.js';

/** A label accent as text or a selected control's colour on the theme's background (docs/product.md §1). */
export function accentText(theme: Theme, accent: string): string {
  return readableOn(accent, theme.palette.background.default);
}
