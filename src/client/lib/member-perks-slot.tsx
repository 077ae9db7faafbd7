import { createContext, useContext, type ComponentType } from 'react';
import type { Release, Track } from '../../shared/api/catalog.js';

// The catalog shows what VIP members get (a download beside a track, early listening beside an
// upcoming release's countdown) but may not import the VIP feature: app/ fills this slot with the VIP
// feature's buttons, so neither feature knows the other (docs/decisions/0066).

export interface MemberDownloadProps {
  track: Pick<Track, 'id' | 'title' | 'mix_version'>;
}

export interface EarlyListenProps {
  release: Pick<Release, 'id' | 'title' | 'public_at' | 'artwork_url'>;
  /** The release's tracks once loaded: the early-access queue. */
  tracks: readonly Track[];
}

export interface MemberPerks {
  MemberDownload: ComponentType<MemberDownloadProps>;
  EarlyListen: ComponentType<EarlyListenProps>;
}

const MemberPerksSlot = createContext<MemberPerks | null>(null);

export const MemberPerksProvider = MemberPerksSlot.Provider;

/** The download button of a member download app/ provided; nothing without one. */
export function MemberDownload(props: MemberDownloadProps) {
  const perks = useContext(MemberPerksSlot);
  return perks ? <perks.MemberDownload {...props} /> : null;
}

/** "VIP members listen early" beside an upcoming release's countdown, as app/ provided it. */
export function EarlyListen(props: EarlyListenProps) {
  const perks = useContext(MemberPerksSlot);
  return perks ? <perks.EarlyListen {...props} /> : null;
}
