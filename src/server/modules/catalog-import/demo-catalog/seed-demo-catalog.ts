import type { Db } from '../../../db/client.js';
import { artistIdFor } from '../../catalog/index.js';
import { importCatalog, type ImportReport } from '../importer/catalog-importer.js';
import { recordUnattendedImport, systemActors } from '../importer/record-catalog-import.js';
import { artistPictureUrl, previewAudioUrl, releaseArtworkUrl } from '../../media/index.js';
import { applyArtistProfiles, countReleases, markAllAsDemo, useGeneratedArtwork, useGeneratedPreviews } from './demo-catalog.repo.js';
import { generateDemoCatalog } from './generate-demo-catalog.js';

/**
 * First start on an empty database: the fictional demo catalog goes through the same importer as a
 * real export, then gets its generated artwork, preview audio, artist pictures, bios and genres.
 * The database was empty, so every release is the demo's: marked so that staff remove it in one step
 * (remove-demo-catalog.ts), and no real track gets a made-up preview.
 */
export async function seedDemoCatalogIfEmpty(db: Db, now: () => Date): Promise<ImportReport | undefined> {
  if ((await countReleases(db)) > 0) return undefined;
  const catalog = generateDemoCatalog();
  const report = await importCatalog(db, catalog.csv, {
    beforeCommit: recordUnattendedImport({ actor: systemActors.firstStart, source: 'the demo catalog', fileName: 'demo catalog (first start)', at: now }),
  });
  await markAllAsDemo(db);
  await useGeneratedArtwork(db, releaseArtworkUrl);
  await useGeneratedPreviews(db, previewAudioUrl);
  await applyArtistProfiles(
    db,
    catalog.artists.map((a) => {
      const id = artistIdFor(a.name);
      return { id, bio: a.bio, genres: a.genres, imageUrl: artistPictureUrl(id) };
    }),
  );
  return report;
}
