import type { SitemapEntry } from '../catalog/index.js';

/** The sitemaps protocol's limit of URLs in one file; past it, /sitemap.xml is an index of parts. */
export const sitemapLimit = 50_000;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * /sitemap.xml (part undefined) and its parts /sitemap-N.xml: one urlset while the entries fit in
 * one file, else an index of numbered parts. undefined for a part that does not exist.
 */
export function renderSitemap(entries: SitemapEntry[], origin: string, part?: number, limit = sitemapLimit): string | undefined {
  const partCount = Math.ceil(entries.length / limit);
  const head = '<?xml version="1.0" encoding="UTF-8"?>\n';
  if (part === undefined && partCount > 1) {
    const parts = Array.from({ length: partCount }, (_, i) => `<sitemap><loc>${escapeXml(`${origin}/sitemap-${i + 1}.xml`)}</loc></sitemap>`);
    return `${head}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${parts.join('\n')}\n</sitemapindex>\n`;
  }
  if (part !== undefined && (partCount <= 1 || part < 1 || part > partCount)) return undefined;
  const shown = part === undefined ? entries : entries.slice((part - 1) * limit, part * limit);
  const urls = shown.map(
    (entry) => `<url><loc>${escapeXml(origin + entry.path)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`,
  );
  return `${head}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function renderRobots(origin: string): string {
  return ['User-agent: *', 'Disallow: /admin', 'Disallow: /api/', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
