import { labels, findLabel } from '../../../shared/labels.js';
import type { Db } from '../../db/client.js';
import { listArtistPages } from '../artists/artists.repo.js';
import { listReleasePages } from '../releases/releases.repo.js';
import type { CatalogReads } from '../catalog-cache/catalog-cache.js';

/** The sitemaps protocol's limit of URLs in one file; past it, /sitemap.xml is an index of parts. */
export const sitemapLimit = 50_000;

export interface SitemapEntry {
  path: string;
  /** YYYY-MM-DD; label pages have none. */
  lastmod?: string;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** {@link loadSitemapEntries} through the catalog cache: a crawler's visits do not read every release again. */
export function listSitemapEntries(catalog: CatalogReads): Promise<SitemapEntry[]> {
  return catalog.catalogCache.read('sitemap-entries', () => loadSitemapEntries(catalog.db));
}

/** Every public page worth indexing: each label's pages, each release and each artist page. */
async function loadSitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const [releases, artists] = await Promise.all([listReleasePages(db), listArtistPages(db)]);
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const labelPages = labels.flatMap((label) => ['', '/releases', '/artists', '/playlists'].map((page) => ({ path: `/${label.short}${page}` })));
  const pageOf = (labelId: string) => findLabel(labelId)?.short;
  return [
    ...labelPages,
    ...releases.flatMap((r) => (pageOf(r.labelId) ? [{ path: `/${pageOf(r.labelId)}/releases/${r.id}`, lastmod: day(r.updatedAt) }] : [])),
    ...artists.flatMap((a) => (pageOf(a.labelId) ? [{ path: `/${pageOf(a.labelId)}/artists/${a.id}`, lastmod: day(a.updatedAt) }] : [])),
  ];
}

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
