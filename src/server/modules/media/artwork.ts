import { createRandom, hashString, type Random } from '../../lib/random.js';

/**
 * Generated cover art and artist pictures: small standalone SVG documents, abstract shapes on a
 * dark ground in colours derived from a key and the label accent. Same key, same picture; no
 * external fonts or images, so the site renders offline.
 */

export interface ReleaseArtworkInput {
  key: string;
  title: string;
  artist: string;
  accent: string;
}

export interface ArtistPictureInput {
  key: string;
  name: string;
  accent: string;
}

const DEFAULT_ACCENT = '#02ff95';
const FONT = 'Helvetica Neue,Helvetica,Arial,sans-serif';

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

/** The accent as #rrggbb; anything else (which could break out of an attribute) becomes the default. */
function normalizeAccent(accent: string): string {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(accent);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  return /^#[0-9a-f]{6}$/i.test(accent) ? accent.toLowerCase() : DEFAULT_ACCENT;
}

function hueOf(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const delta = max - Math.min(r, g, b);
  if (delta === 0) return 0;
  const hue = max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return Math.round(hue * 60 + 360) % 360;
}

function hsl(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255).toString(16).padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** Cuts text to `max` characters (code points, so accents and emoji survive) with an ellipsis. */
function truncate(text: string, max: number): string {
  const chars = Array.from(text.trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

interface Palette {
  id: string;
  accent: string;
  second: string;
  ground: string;
}

function paletteFor(rng: Random, key: string, accent: string): Palette {
  const base = hueOf(accent);
  return {
    id: hashString(key).toString(36),
    accent,
    second: hsl((base + rng.int(40, 320)) % 360, rng.int(65, 90), rng.int(50, 62)),
    ground: hsl(rng.int(0, 359), rng.int(35, 60), rng.int(8, 14)),
  };
}

function defs(p: Palette, rng: Random): string {
  return (
    `<defs><linearGradient id="b${p.id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#050505"/><stop offset="1" stop-color="${p.ground}"/></linearGradient>` +
    `<radialGradient id="g${p.id}" cx="${rng.int(20, 80) / 100}" cy="${rng.int(15, 55) / 100}" r=".75"><stop offset="0" stop-color="${p.accent}" stop-opacity=".45"/><stop offset="1" stop-color="${p.accent}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="s${p.id}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${p.accent}"/><stop offset="1" stop-color="${p.second}"/></linearGradient></defs>`
  );
}

type Motif = (rng: Random, p: Palette, size: number) => string;

const rings: Motif = (rng, p, size) => {
  const cx = rng.int(size * 0.3, size * 0.7);
  const cy = rng.int(size * 0.25, size * 0.55);
  const step = rng.int(size * 0.04, size * 0.07);
  let out = '';
  for (let i = 1; i <= 7; i += 1) {
    const color = i % 2 === 0 ? p.second : `url(#s${p.id})`;
    out += `<circle cx="${cx}" cy="${cy}" r="${i * step}" fill="none" stroke="${color}" stroke-width="${rng.int(2, 9)}" opacity="${(1 - i / 9).toFixed(2)}"/>`;
  }
  return out;
};

const waves: Motif = (rng, p, size) => {
  let out = '';
  const amplitude = rng.int(size * 0.05, size * 0.12);
  const top = rng.int(size * 0.12, size * 0.25);
  for (let i = 0; i < 7; i += 1) {
    const y = top + i * size * 0.06;
    const a = amplitude * (i % 2 === 0 ? 1 : -1);
    out += `<path d="M0 ${Math.round(y)} C${Math.round(size / 3)} ${Math.round(y - a)} ${Math.round((size * 2) / 3)} ${Math.round(y + a)} ${size} ${Math.round(y)}" fill="none" stroke="${i % 3 === 2 ? p.second : `url(#s${p.id})`}" stroke-width="${rng.int(2, 6)}" opacity="${(0.9 - i * 0.1).toFixed(2)}"/>`;
  }
  return out;
};

const horizon: Motif = (rng, p, size) => {
  const horizonY = Math.round(size * 0.55);
  const sunR = rng.int(size * 0.14, size * 0.22);
  let out = `<circle cx="${rng.int(size * 0.35, size * 0.65)}" cy="${horizonY - Math.round(sunR * 0.4)}" r="${sunR}" fill="url(#s${p.id})" opacity=".85"/>`;
  out += `<rect y="${horizonY}" width="${size}" height="${size - horizonY}" fill="#050505" opacity=".8"/>`;
  for (let i = 0; i < 6; i += 1) {
    const y = horizonY + Math.round(((i + 1) ** 2 * size * 0.45) / 49);
    out += `<line x1="0" y1="${y}" x2="${size}" y2="${y}" stroke="${p.accent}" stroke-width="1.5" opacity=".5"/>`;
  }
  for (let i = -4; i <= 4; i += 1) {
    out += `<line x1="${Math.round(size / 2 + i * size * 0.04)}" y1="${horizonY}" x2="${Math.round(size / 2 + i * size * 0.3)}" y2="${size}" stroke="${p.accent}" stroke-width="1.5" opacity=".4"/>`;
  }
  return out;
};

const orbs: Motif = (rng, p, size) => {
  let out = '';
  for (let i = 0; i < 5; i += 1) {
    const fill = i % 2 === 0 ? p.accent : p.second;
    out += `<circle cx="${rng.int(0, size)}" cy="${rng.int(0, size * 0.7)}" r="${rng.int(size * 0.06, size * 0.22)}" fill="${fill}" opacity="${(rng.int(15, 55) / 100).toFixed(2)}"/>`;
  }
  return out + rings(rng, p, size).replace(/opacity="[^"]*"/g, 'opacity=".25"');
};

const MOTIFS: readonly Motif[] = [rings, waves, horizon, orbs];

const CHAR_WIDTH = 0.58; // average glyph width of a bold sans face, in ems

/** Wraps `words` into lines of at most `perLine` characters; undefined when more than `maxLines` are needed. */
function wrap(words: readonly string[], perLine: number, maxLines: number): string[] | undefined {
  const lines: string[] = [];
  for (const word of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && Array.from(`${last} ${word}`).length <= perLine) lines[lines.length - 1] = `${last} ${word}`;
    else if (Array.from(word).length <= perLine) lines.push(word);
    else return undefined;
  }
  return lines.length <= maxLines ? lines : undefined;
}

/** The largest size at which the title fits on one line, or on two below 42px; else two cut lines. */
function layoutTitle(title: string, width: number): { lines: string[]; size: number } {
  const words = title.trim().split(/\s+/);
  for (let size = 56; size >= 30; size -= 2) {
    const lines = wrap(words, Math.floor(width / (size * CHAR_WIDTH)), size < 42 ? 2 : 1);
    if (lines) return { lines, size };
  }
  const perLine = Math.floor(width / (30 * CHAR_WIDTH));
  const chars = Array.from(title.trim());
  return { lines: [chars.slice(0, perLine).join('').trimEnd(), truncate(chars.slice(perLine).join(''), perLine)], size: 30 };
}

function releaseText(p: Palette, title: string, artist: string): string {
  const { lines, size } = layoutTitle(title, 520);
  const artistSize = 24;
  const artistLine = truncate(artist, Math.floor(520 / (artistSize * CHAR_WIDTH)));
  const lastBaseline = 568 - artistSize - 16;
  const firstBaseline = lastBaseline - Math.round((lines.length - 1) * size * 1.1);
  const bandTop = firstBaseline - size - 34;
  const titleLines = lines
    .map((line, i) => `<tspan x="40" y="${firstBaseline + Math.round(i * size * 1.1)}">${escapeXml(line)}</tspan>`)
    .join('');
  return (
    `<rect y="${bandTop}" width="600" height="${600 - bandTop}" fill="#000" opacity=".6"/><rect x="40" y="${bandTop + 20}" width="48" height="4" fill="${p.accent}"/>` +
    `<text font-family="${FONT}" font-size="${size}" font-weight="700" fill="#fff">${titleLines}</text>` +
    `<text x="40" y="568" font-family="${FONT}" font-size="${artistSize}" fill="${p.accent}">${escapeXml(artistLine)}</text>`
  );
}

export function renderReleaseArtwork(input: ReleaseArtworkInput): string {
  const rng = createRandom(hashString(`release:${input.key}`));
  const p = paletteFor(rng, input.key, normalizeAccent(input.accent));
  const motif = (rng.pick(MOTIFS) as Motif)(rng, p, 600);
  const label = escapeXml(`${input.title} by ${input.artist}`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600" role="img" aria-label="${label}">` +
    defs(p, rng) +
    `<rect width="600" height="600" fill="url(#b${p.id})"/><rect width="600" height="600" fill="url(#g${p.id})"/>${motif}` +
    releaseText(p, input.title, input.artist) +
    '</svg>'
  );
}

/** Up to two initials: the first letter or digit of the first two words ("Nodus & Tarrin" → "NT"). */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => /^[\p{L}\p{N}]/u.test(word));
  const initials = words.slice(0, 2).map((word) => Array.from(word)[0] ?? '');
  return initials.join('').toUpperCase() || '?';
}

export function renderArtistPicture(input: ArtistPictureInput): string {
  const rng = createRandom(hashString(`artist:${input.key}`));
  const p = paletteFor(rng, input.key, normalizeAccent(input.accent));
  const motif = (rng.pick([rings, waves, orbs]) as Motif)(rng, p, 400);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${escapeXml(input.name)}">` +
    defs(p, rng) +
    `<rect width="400" height="400" fill="url(#b${p.id})"/><rect width="400" height="400" fill="url(#g${p.id})"/>${motif}` +
    `<circle cx="200" cy="200" r="112" fill="#000" opacity=".55"/><circle cx="200" cy="200" r="112" fill="none" stroke="url(#s${p.id})" stroke-width="4"/>` +
    `<text x="200" y="200" dy=".35em" text-anchor="middle" font-family="${FONT}" font-size="96" font-weight="700" fill="#fff">${escapeXml(initialsOf(input.name))}</text></svg>`
  );
}
