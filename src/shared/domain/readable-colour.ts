// Colour contrast as WCAG 2.2 defines it, for the label accents: the settings refuse an accent that
// cannot be read (src/shared/api/settings.ts) and the themes draw each one in a shade that reads
// (src/client/lib/readable-colour.ts).

/** WCAG 2.2 AA (1.4.3): normal text needs 4.5:1 against its background. */
export const textContrast = 4.5;

/** WCAG 2.2 AA (1.4.11, and 1.4.3 for large text): graphics and large letters need 3:1 against what is next to them. */
export const graphicContrast = 3;

/** The red, green and blue (0 to 255) of `#rgb`, `#rrggbb` or `rgb(r, g, b)`. */
function channels(colour: string): [number, number, number] {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim())?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    return [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)) as [number, number, number];
  }
  const rgb = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)/i.exec(colour.trim());
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  throw new Error(`Unsupported colour ${colour}: use #rrggbb or rgb()`);
}

function luminance(colour: string): number {
  const [r, g, b] = channels(colour).map((value) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** The colour moved `by` (0 to 1) of the way to black (`to` 0) or to white (`to` 255). */
function toward(colour: string, to: 0 | 255, by: number): string {
  const moved = channels(colour).map((value) => Math.trunc(value + (to - value) * by));
  return `rgb(${moved.join(', ')})`;
}

/**
 * The colour, darkened (on a light background) or lightened (on a dark one) in small steps until it
 * reads as text on that background: the label accents are bright greens and blues made for black,
 * and the light theme needs a deeper shade of the same hue.
 */
export function readableOn(colour: string, background: string): string {
  const isLightBackground = contrastRatio(background, '#000') > contrastRatio(background, '#fff');
  let shade = colour;
  for (let step = 1; step <= 20 && contrastRatio(shade, background) < textContrast; step += 1) {
    shade = toward(colour, isLightBackground ? 0 : 255, step * 0.05);
  }
  return shade;
}

/** Black or white, whichever reads better on the colour: the text of a button or chip filled with a label accent. */
export function textOn(colour: string): '#000000' | '#FFFFFF' {
  return contrastRatio(colour, '#000000') >= contrastRatio(colour, '#FFFFFF') ? '#000000' : '#FFFFFF';
}
