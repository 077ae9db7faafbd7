import createCache from '@emotion/cache';

/** Where the server's style tags begin (docs/decisions/0023). */
const insertionPointName = 'emotion-insertion-point';

/**
 * MUI's styles, in one emotion cache per render: on the server its critical CSS is written into the
 * page (with the answer's nonce, `headStyleTags`); in the browser the same key adopts those style tags
 * where they are, and adds its own after them.
 */
export function createEmotionCache(nonce?: string) {
  const insertionPoint = typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>(`meta[name="${insertionPointName}"]`);
  return createCache({ key: 'css', ...(nonce ? { nonce } : {}), ...(insertionPoint ? { insertionPoint } : {}) });
}

/**
 * The server's style tags for `<head>`, after the insertion point. `data-s` is the mark emotion gives
 * the tags it inserts itself: without it, the default cache that @emotion/react makes when it loads
 * moves every server style tag to the end of `<head>`, and the browser parses the page's whole CSS
 * again in one long task on a phone.
 */
export function headStyleTags(styleTags: string): string {
  return `<meta name="${insertionPointName}" content="">${styleTags.replaceAll('<style data-emotion=', '<style data-s="" data-emotion=')}`;
}
