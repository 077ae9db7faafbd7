import { siteName } from '../../../shared/site-settings.js';
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

/** The <head> tags of one page, rendered by React so that every value is escaped. */
export function HeadTags({ meta }: { meta: PageMeta }) {
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
      {meta.jsonLd && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptSafeJson(meta.jsonLd) }} />}
    </>
  );
}
