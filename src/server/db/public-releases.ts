import { sql, type SQL } from 'drizzle-orm';
import { artistLabels, artists, releases } from './schema.js';

/** A release the public may see: any but a draft (docs/decisions/0101). Every public read of releases, in any context, says it. */
export const isPublicRelease = sql`${releases.status} <> 'draft'`;

/** `artist_labels` names the whole catalog so (migration 0012). */
export const anyLabel = '*';

/**
 * An artist the public may see on a label (`anyLabel`: anywhere): a name, not a sample pack, with a public
 * release there, as the triggers keep it in `artist_labels` (docs/product.md §5 hygiene, decision 0033).
 */
export function isListedArtist(labelId: string = anyLabel): SQL {
  return sql`exists (select 1 from ${artistLabels} al where al.label_id = ${labelId} and al.artist_id = ${artists.id} and al.listed)`;
}

/** A release out by `today` (YYYY-MM-DD in the labels' time zone); a release of no date is out. */
export function isOut(today: string): SQL {
  return sql`(${releases.releaseDate} is null or ${releases.releaseDate} <= ${today})`;
}
