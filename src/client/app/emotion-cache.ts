import createCache from '@emotion/cache';

/**
 * MUI's styles, in one emotion cache per render: on the server its critical CSS is written into the
 * page (with the answer's nonce); in the browser the same key adopts those style tags at hydration.
 */
export function createEmotionCache(nonce?: string) {
  return createCache({ key: 'css', ...(nonce ? { nonce } : {}) });
}
