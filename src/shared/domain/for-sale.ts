import type { ReleasePrice } from '../api/shop.js';
import type { ReleaseStatus } from './release-status.js';

// When a release is for sale (issue 36, docs/decisions/0105): a price, not a draft, and every track's
// master uploaded; a track alone: a price of its own, its release not a draft, and its master uploaded.
// One rule for the shop, which refuses to sell, the editor, which says what is missing, and the public answers.

/** What stands between a release and its sale, in the order staff would fix it. */
export type SaleBlocker = { kind: 'price' } | { kind: 'draft' } | { kind: 'tracks' } | { kind: 'masters'; count: number };

export function saleBlockers(release: { price: ReleasePrice | null; status: ReleaseStatus | string; trackCount: number; tracksWithoutMaster: number }): SaleBlocker[] {
  const blockers: SaleBlocker[] = [];
  if (!release.price) blockers.push({ kind: 'price' });
  if (release.status === 'draft') blockers.push({ kind: 'draft' });
  if (release.trackCount === 0) blockers.push({ kind: 'tracks' });
  else if (release.tracksWithoutMaster > 0) blockers.push({ kind: 'masters', count: release.tracksWithoutMaster });
  return blockers;
}

/** What stands between a track and its sale alone: its own price, its release not a draft, its master uploaded. */
export function trackSaleBlockers(track: { price: ReleasePrice | null; releaseStatus: ReleaseStatus | string; hasMaster: boolean }): SaleBlocker[] {
  const blockers: SaleBlocker[] = [];
  if (!track.price) blockers.push({ kind: 'price' });
  if (track.releaseStatus === 'draft') blockers.push({ kind: 'draft' });
  if (!track.hasMaster) blockers.push({ kind: 'masters', count: 1 });
  return blockers;
}
