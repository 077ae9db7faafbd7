import { sql } from 'drizzle-orm';
import { releases } from './schema.js';

/** A release the public may see: any but a draft (docs/decisions/0101). Every public read of releases, in any context, says it. */
export const isPublicRelease = sql`${releases.status} <> 'draft'`;
