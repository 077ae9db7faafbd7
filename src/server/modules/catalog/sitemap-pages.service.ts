import { findLabel, labels } from '../../../shared/labels.js';
import type { Db } from '../../db/client.js';
import { listArtistPages } from './artists.repo.js';
import type { CatalogReads } from './catalog-cache.js';
import { listReleasePages } from './releases.repo.js';

export interface SitemapEntry {
  path: string;
  /** YYYY-MM-DD; label pages have none. */
  lastmod?: string;
}

/** {@link loadSitemapEntries} through the catalog cache: a crawler's visits do not read every release again. */
export function listSitemapEntries(catalog: CatalogReads): Promise<SitemapEntry[]> {
  return catalog.catalogCache.read('sitemap-entries', () => loadSitemapEntries(catalog.db));
}

/** Every public page worth indexing: each label's pages (its demo form too), VIP, legal, each release and each artist page. */
async function loadSitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const [releases, artists] = await Promise.all([listReleasePages(db), listArtistPages(db)]);
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const labelPages = labels.flatMap((label) => ['', '/releases', '/artists', '/playlists', '/submit'].map((page) => ({ path: `/${label.short}${page}` })));
  const sitePages = ['/vip', '/legal'].map((path) => ({ path }));
  const pageOf = (labelId: string) => findLabel(labelId)?.short;
  return [
    ...labelPages,
    ...sitePages,
    ...releases.flatMap((r) => (pageOf(r.labelId) ? [{ path: `/${pageOf(r.labelId)}/releases/${r.slug}`, lastmod: day(r.updatedAt) }] : [])),
    ...artists.flatMap((a) => (pageOf(a.labelId) ? [{ path: `/${pageOf(a.labelId)}/artists/${a.id}`, lastmod: day(a.updatedAt) }] : [])),
  ];
}
