import { siteName } from '../../../shared/site-settings.js';
import type { PriorityImage } from '../../lib/priority-images.js';
import type { PageMeta } from './page-meta.js';

/** JSON for a <script> data block: nothing in it can close the element or start markup. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The <head> tags of one page, rendered by React so that every value is escaped, and a preload of each
 * of its main pictures (`preloads`, met by the render), with the choice of copies its <img> offers: the
 * browser fetches the same copy for both, before it has read the body.
 */
export function HeadTags({ meta, preloads }: { meta: PageMeta; preloads: PriorityImage[] }) {
  const card = meta.image ? 'summary_large_image' : 'summary';
  return (
    <>
      <title>{meta.title}</title>
      <meta name="description" content={meta.description} />
      {meta.noIndex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={meta.url} />}
      <meta property="og:site_name" content={siteName()} />
      <meta property="og:title" content={meta.title} />
      <meta property="og:description" content={meta.description} />
      <meta property="og:type" content={meta.ogType} />
      <meta property="og:url" content={meta.url} />
      {meta.image && <meta property="og:image" content={meta.image} />}
      <meta name="twitter:card" content={card} />
      <meta name="twitter:title" content={meta.title} />
      <meta name="twitter:description" content={meta.description} />
      {meta.image && <meta name="twitter:image" content={meta.image} />}
      {preloads.map((image) =>
        image.srcSet ? (
          <link key={image.src} rel="preload" as="image" imageSrcSet={image.srcSet} imageSizes={image.sizes} fetchPriority="high" />
        ) : (
          <link key={image.src} rel="preload" as="image" href={image.src} fetchPriority="high" />
        ),
      )}
      {meta.jsonLd && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptSafeJson(meta.jsonLd) }} />}
    </>
  );
}
