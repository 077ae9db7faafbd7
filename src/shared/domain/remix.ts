export interface RemixInfo {
  isRemix: boolean;
  remixer: string | null;
}

// docs/product.md §5: 'remix' in parentheses, brackets, as "rmx", after a dash, or in quotes; the remixer is
// the name in front of the word ("remixed by X" names it after). The word must stand alone:
// "Don't You Know Remixes" is the title of a remix EP, not a credit, so it is no remix.
const word = String.raw`\b(?:remix|rmx)`;
const remixPatterns: RegExp[] = [
  new RegExp(String.raw`\b(?:remix(?:ed)?|rmx)\s+by\s+([^()[\]"“”]+?)\s*(?:[)\]"”]|['’]?\s*$)`, 'i'),
  new RegExp(String.raw`\(\s*([^()]*?)\s*${word}\b[^()]*\)`, 'i'),
  new RegExp(String.raw`\[\s*([^[\]]*?)\s*${word}\b[^[\]]*\]`, 'i'),
  // The opening quote must follow a space, so the apostrophe of "Don't" never opens one.
  new RegExp(String.raw`(?:^|\s)["“‘']\s*([^"“”]*?)\s*${word}\s*["”’']`, 'i'),
  // The greedy prefix makes the last dash win: "Up - Down - Vendo Remix" credits Vendo.
  new RegExp(String.raw`^.*\s[-–—]\s+(.*?)\s*${word}\s*$`, 'i'),
  // A bare mix version: "Vendo Remix", or just "Remix".
  new RegExp(String.raw`^\s*(.*?)\s*${word}\s*$`, 'i'),
];

// Mix descriptors that sit where a remixer's name would: "Extended Remix" credits nobody.
const descriptorsOnly = /^(?:(?:extended|radio|club|dub|original|official|instrumental|vip)\s*)+$/i;

function remixerName(raw: string | undefined): string | null {
  const name = (raw ?? '').replace(/[\s\-–—:,]+$/, '').trim();
  return name.length > 0 && !descriptorsOnly.test(name) ? name : null;
}

/** Detects a remix in a track title or a mix version ("Vendo Remix"). */
export function detectRemix(text: string | null | undefined): RemixInfo {
  if (!text) return { isRemix: false, remixer: null };
  for (const pattern of remixPatterns) {
    const match = pattern.exec(text);
    if (match) return { isRemix: true, remixer: remixerName(match[1]) };
  }
  return { isRemix: false, remixer: null };
}
