import { createContext, useContext, type ComponentType } from 'react';
import type { Release, ReleaseTrack } from '../../shared/api/catalog.js';

// The catalog's release page offers the release for sale (issue 36) but may not import the shop
// feature: app/ fills this slot with the shop's Buy button, as it does the VIP perks (member-perks-slot.tsx).

export interface BuyReleaseProps {
  release: Pick<Release, 'id' | 'title' | 'version' | 'price' | 'for_sale' | 'upcoming' | 'release_date' | 'tracks'>;
  /** One of its tracks sold alone: a small Buy button on its row of the track list. */
  track?: Pick<ReleaseTrack, 'id' | 'title' | 'mix_version' | 'price' | 'for_sale'>;
}

const ShopSlot = createContext<ComponentType<BuyReleaseProps> | null>(null);

export const ShopProvider = ShopSlot.Provider;

/** The Buy button of a release (or of its track) for sale, as app/ provided it; nothing without one. */
export function BuyRelease(props: BuyReleaseProps) {
  const Buy = useContext(ShopSlot);
  return Buy ? <Buy {...props} /> : null;
}
