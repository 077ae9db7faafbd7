import sharp from 'sharp';
import { escapeXml } from './artwork.js';

/** The size every link preview shows well (OpenGraph, Twitter's large summary card). */
export const shareCardSize = { width: 1200, height: 630 } as const;

export interface ShareCardInput {
  /** The square picture, any format sharp reads (the uploaded original, or generated SVG art). */
  picture: Buffer;
  title: string;
  /** The artist line; omitted for an artist's own card. */
  subtitle?: string;
  labelName: string;
  /** The label's accent, #rrggbb. */
  accent: string;
}

const FONT = 'Helvetica Neue,Helvetica,Arial,sans-serif';
const art = { left: 60, top: 60, size: 510 };
const textLeft = art.left + art.size + 60;
const textWidth = shareCardSize.width - textLeft - 60;

/** Greedy word wrap to `perLine` characters, at most `maxLines` lines, the last one cut with an ellipsis. */
function wrap(text: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of text.trim().split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && Array.from(`${last} ${word}`).length <= perLine) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const cut = (line: string) => (Array.from(line).length <= perLine ? line : `${Array.from(line).slice(0, perLine - 1).join('')}…`);
  if (lines.length <= maxLines) return lines.map(cut);
  return [...lines.slice(0, maxLines - 1).map(cut), `${Array.from(lines[maxLines - 1] ?? '').slice(0, perLine - 1).join('')}…`];
}

/** The card's ground and words: a dark field lit by the label's accent, the label's name, the title and the artist. */
function cardSvg(input: ShareCardInput): string {
  const { width, height } = shareCardSize;
  const titleSize = 56;
  const title = wrap(input.title, Math.floor(textWidth / (titleSize * 0.58)), 4);
  const subtitle = input.subtitle ? wrap(input.subtitle, Math.floor(textWidth / (32 * 0.58)), 2) : [];
  let y = 150;
  const titleLines = title.map((line) => `<tspan x="${textLeft}" y="${(y += Math.round(titleSize * 1.1))}">${escapeXml(line)}</tspan>`).join('');
  y += 24;
  const subtitleLines = subtitle.map((line) => `<tspan x="${textLeft}" y="${(y += 42)}">${escapeXml(line)}</tspan>`).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><radialGradient id="glow" cx=".8" cy=".1" r=".9"><stop offset="0" stop-color="${input.accent}" stop-opacity=".35"/><stop offset="1" stop-color="${input.accent}" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="#050505"/><rect width="${width}" height="${height}" fill="url(#glow)"/>` +
    `<rect x="${textLeft}" y="96" width="64" height="6" fill="${input.accent}"/>` +
    `<text x="${textLeft}" y="140" font-family="${FONT}" font-size="28" font-weight="700" letter-spacing="2" fill="${input.accent}">${escapeXml(input.labelName.toUpperCase())}</text>` +
    `<text font-family="${FONT}" font-size="${titleSize}" font-weight="700" fill="#ffffff">${titleLines}</text>` +
    `<text font-family="${FONT}" font-size="32" fill="#c8c8c8">${subtitleLines}</text>` +
    `<rect x="0" y="${height - 8}" width="${width}" height="8" fill="${input.accent}"/>` +
    '</svg>'
  );
}

/** A 1200×630 JPEG: the picture on the left, the label's look and the words on the right. */
export async function renderShareCard(input: ShareCardInput): Promise<Buffer> {
  const picture = await sharp(input.picture).resize(art.size, art.size, { fit: 'cover' }).png().toBuffer();
  return sharp(Buffer.from(cardSvg(input)))
    .composite([{ input: picture, left: art.left, top: art.top }])
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}
