import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { isUniqueViolation, type Db } from '../../../db/client.js';
import { releases } from '../../../db/schema.js';
import { seenReleases } from './import-keys.js';
import type { ParsedRelease, RowNote } from './parse-distributor-csv.js';
import { chunks } from './statement-chunks.js';

// A catalog number is on one release of a label, ignoring case: a unique index says so
// (releases_label_catalog_number_uq, docs/decisions/0088). An export that gives a number to a second
// release (two rows of the file, or a number already on a release made by hand or renamed by staff)
// still imports that release with its tracks, without the number, and says so in a warning: a
// refusal of the whole file would keep a label's catalog out for one typing error.

export interface CatalogNumberClaims {
  /** The catalog number each release of the batch is written with, by UPC. */
  numberOf: Map<string, string | null>;
  warnings: RowNote[];
}

interface Holder {
  upc: string | null;
  title: string;
  /** Its line in this file, when this file defined it. */
  line: number | null;
}

const keyOf = (labelId: string, catalogNumber: string) => `${labelId}\0${catalogNumber.toLowerCase()}`;

/** The releases of the database that hold the batch's numbers, by label and number ignoring case. */
async function holdersOf(tx: Db, wanted: ParsedRelease[]): Promise<Map<string, Holder>> {
  const holders = new Map<string, Holder>();
  for (const part of chunks(wanted)) {
    const labelIds = [...new Set(part.map((release) => release.labelId))];
    const numbersIn = (labelId: string) => part.filter((r) => r.labelId === labelId).map((r) => sql`lower(${r.catalogNumber})`);
    const found = await tx
      .select({ labelId: releases.labelId, catalogNumber: releases.catalogNumber, upc: releases.upc, title: releases.title, line: seenReleases.line })
      .from(releases)
      .leftJoin(seenReleases, eq(seenReleases.upc, releases.upc))
      // lower(catalog_number) in each label: the unique index's own expression answers it.
      .where(or(...labelIds.map((labelId) => and(eq(releases.labelId, labelId), inArray(sql`lower(${releases.catalogNumber})`, numbersIn(labelId))))));
    for (const row of found) holders.set(keyOf(row.labelId, row.catalogNumber as string), { upc: row.upc, title: row.title, line: row.line });
  }
  return holders;
}

/** The catalog numbers the releases of these UPCs have now (those in the database). */
async function currentNumbers(tx: Db, upcs: string[]): Promise<Map<string, string | null>> {
  const numbers = new Map<string, string | null>();
  for (const part of chunks(upcs)) {
    const found = await tx.select({ upc: releases.upc, catalogNumber: releases.catalogNumber }).from(releases).where(inArray(releases.upc, part));
    for (const { upc, catalogNumber } of found) numbers.set(upc as string, catalogNumber);
  }
  return numbers;
}

/**
 * Which release of a batch may have its catalog number: the one already holding it, else the first row
 * of the file that gives it. Any other keeps the number it has (a release already imported) or gets
 * none (a new one), with a warning naming the release that holds it.
 */
export async function claimCatalogNumbers(tx: Db, defined: ParsedRelease[]): Promise<CatalogNumberClaims> {
  const numberOf = new Map(defined.map((release) => [release.upc, release.catalogNumber]));
  const wanted = defined.filter((release) => release.catalogNumber !== null);
  const holders = await holdersOf(tx, wanted);
  const refused: { release: ParsedRelease; holder: Holder }[] = [];
  for (const release of wanted.toSorted((a, b) => a.line - b.line)) {
    const key = keyOf(release.labelId, release.catalogNumber as string);
    const holder = holders.get(key);
    if (holder && holder.upc !== release.upc) refused.push({ release, holder });
    else holders.set(key, { upc: release.upc, title: release.title, line: release.line });
  }
  const current = await currentNumbers(
    tx,
    refused.map(({ release }) => release.upc),
  );
  const warnings = refused.map(({ release, holder }): RowNote => {
    const kept = current.get(release.upc) ?? null;
    numberOf.set(release.upc, kept);
    const where = holder.line === null ? '' : ` (line ${holder.line})`;
    const outcome = kept ? `the release keeps ${kept}` : 'the release is imported without one';
    return { line: release.line, reason: `catalog number ${release.catalogNumber} is already on "${holder.title}"${where} in this label: ${outcome}` };
  });
  return { numberOf, warnings };
}

/** Times a batch's releases are written again after another writer took one of their numbers meanwhile. */
const attemptsPerBatch = 3;

/**
 * Runs `write` (the batch's claims and the releases written with them) in a savepoint, again when a
 * release made at the same instant took one of the numbers between the claim and the write (the index
 * refused it, and the claim sees it now); the import goes on with a warning, not a failure.
 */
export async function withCatalogNumberRetries<T>(tx: Db, write: (tx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await tx.transaction((savepoint) => write(savepoint));
    } catch (error) {
      if (attempt >= attemptsPerBatch || !isUniqueViolation(error, 'releases_label_catalog_number_uq')) throw error;
    }
  }
}
