import createCache from '@emotion/cache';

/** The attribute that lists the class names of a server style tag (emotion's own is `data-emotion`). */
const serverStylesAttribute = 'data-server-styles';

/**
 * MUI's styles, in one emotion cache per render: on the server its critical CSS is written into the
 * page (with the answer's nonce, `headStyleTags`); in the browser the cache takes the class names the
 * server's style tags already hold as inserted, and adds its own styles after them.
 */
export function createEmotionCache(nonce?: string) {
  const cache = createCache({ key: 'css', ...(nonce ? { nonce } : {}) });
  if (typeof document !== 'undefined') {
    for (const tag of document.querySelectorAll(`style[${serverStylesAttribute}]`)) {
      for (const id of (tag.getAttribute(serverStylesAttribute) ?? '').split(' ').slice(1)) cache.inserted[id] = true;
    }
  }
  return cache;
}

/**
 * The server's style tags for `<head>`. Emotion adopts the style tags it finds (`data-emotion`) by
 * moving each to its own place in `<head>`, twice (the default cache @emotion/react makes when it
 * loads, then ours), and each move makes the browser build the page's whole stylesheet again in one
 * long task on a phone (docs/decisions/0023). So the class styles name their classes in an attribute
 * of our own, which `createEmotionCache` reads, and stay where they are. The global styles (html,
 * body) keep emotion's attribute, which its Global component looks for; `data-s`, the mark of tags
 * emotion inserted itself, keeps the default cache from moving them.
 */
export function headStyleTags(styleTags: string): string {
  return styleTags
    .replaceAll(/<style data-emotion="(\S+) /g, (tag: string, key: string) =>
      key.endsWith('-global') ? `<style data-s="" data-emotion="${key} ` : `<style ${serverStylesAttribute}="${key} `,
    );
}
