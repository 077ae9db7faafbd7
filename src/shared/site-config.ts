// The one module that holds the brand. Another label family re-brands the product by editing this
// file alone: nothing brand-specific lives anywhere else.

export interface SocialLinks {
  facebook: string;
  instagram: string;
  youtube: string;
  soundcloud: string;
}

/** Which catalog tracks a fixed playlist holds: a label's tracks, optionally of one genre. */
export interface PlaylistConfig {
  id: string;
  title: string;
  description: string;
  /** Followers on the streaming service as the label last reported them; null when unknown. */
  followers: number | null;
  /** The playlist on the streaming service; null until the label has one. */
  spotifyUrl: string | null;
  tracks: { genre?: string; order: 'newest' | 'oldest'; limit: number };
}

export interface LabelConfig {
  /** Canonical id used in the API and the database. */
  id: string;
  /** Short form used in site paths (/records, /tech, /deep). */
  short: string;
  /** Numeric id of the original API (1 / 2 / 3). */
  number: number;
  name: string;
  /** Name as the distributor export spells it in its "Label Name" column. */
  distributorName: string;
  accent: string;
  tagline: string;
  description: string;
  /** Subtitle of the playlists page. */
  playlistsSubtitle: string;
  social: SocialLinks;
  playlists: PlaylistConfig[];
}

export const siteConfig = {
  productName: 'Build It Records',
  /** SPEC §1 About page ("Our Story"). */
  about: {
    heading: 'Our Story',
    paragraphs: [
      'Build It Records was founded in 2015 and put out its first release on 3 March 2015.',
      'It is the parent label of Build It Deep and Build It Tech, and the home of house music made for the underground.',
    ],
  },
  labels: [
    {
      id: 'buildit-records',
      short: 'records',
      number: 1,
      name: 'Build It Records',
      distributorName: 'Build It Records',
      accent: '#02FF95',
      tagline: 'House Music For The Underground',
      description:
        'The home of Build It: house music made for small rooms, long nights and the people who stay until the lights come on.',
      playlistsSubtitle: 'House Music Playlists',
      social: {
        facebook: 'https://www.facebook.com/builditrecords',
        instagram: 'https://www.instagram.com/builditrecords',
        youtube: 'https://www.youtube.com/@builditrecords',
        soundcloud: 'https://soundcloud.com/builditrecords',
      },
      playlists: [
        {
          id: 'records-new-house',
          title: 'New House',
          description: 'The newest house records from the label, freshest first.',
          followers: null,
          spotifyUrl: null,
          tracks: { order: 'newest', limit: 20 },
        },
        {
          id: 'records-tech-house-cuts',
          title: 'Tech House Cuts',
          description: 'The tech house side of Build It Records.',
          followers: null,
          spotifyUrl: null,
          tracks: { genre: 'Tech House', order: 'newest', limit: 20 },
        },
        {
          id: 'records-from-the-vault',
          title: 'From The Vault',
          description: 'Where it all started: the first records of the label.',
          followers: null,
          spotifyUrl: null,
          tracks: { order: 'oldest', limit: 20 },
        },
      ],
    },
    {
      id: 'buildit-tech',
      short: 'tech',
      number: 2,
      name: 'Build It Tech',
      distributorName: 'Build It Tech',
      accent: '#FF0000',
      tagline: 'Pushing Boundaries in Tech House',
      description:
        'Build It Tech is the label\'s tech house imprint: rolling grooves, heavy low end and tracks built for the peak of the night.',
      playlistsSubtitle: 'Techno & Tech House Playlists',
      social: {
        facebook: 'https://www.facebook.com/buildittech',
        instagram: 'https://www.instagram.com/buildittech',
        youtube: 'https://www.youtube.com/@buildittech',
        soundcloud: 'https://soundcloud.com/buildittech',
      },
      playlists: [
        {
          id: 'tech-peak-time',
          title: 'Peak Time Tech',
          description: 'The newest tech house from Build It Tech.',
          followers: null,
          spotifyUrl: null,
          tracks: { order: 'newest', limit: 20 },
        },
        {
          id: 'tech-first-cuts',
          title: 'First Cuts',
          description: 'The records that started Build It Tech.',
          followers: null,
          spotifyUrl: null,
          tracks: { order: 'oldest', limit: 20 },
        },
      ],
    },
    {
      id: 'buildit-deep',
      short: 'deep',
      number: 3,
      name: 'Build It Deep',
      distributorName: 'Build It Deep',
      accent: '#00BFFF',
      tagline: 'The Soul of Underground House Music',
      description:
        'Build It Deep is the label\'s deep house imprint: warm chords, patient grooves and music for the hours after midnight.',
      playlistsSubtitle: 'Deep House Playlists',
      social: {
        facebook: 'https://www.facebook.com/builditdeep',
        instagram: 'https://www.instagram.com/builditdeep',
        youtube: 'https://www.youtube.com/@builditdeep',
        soundcloud: 'https://soundcloud.com/builditdeep',
      },
      playlists: [
        {
          id: 'deep-after-midnight',
          title: 'After Midnight',
          description: 'The newest deep house from Build It Deep.',
          followers: null,
          spotifyUrl: null,
          tracks: { order: 'newest', limit: 20 },
        },
        {
          id: 'deep-foundations',
          title: 'Deep Foundations',
          description: 'The first records of Build It Deep, oldest first.',
          followers: null,
          spotifyUrl: null,
          tracks: { order: 'oldest', limit: 20 },
        },
      ],
    },
  ] satisfies LabelConfig[],
  /** SPEC §2 Submit page guidelines and §9 demo constants. */
  demos: {
    reviewDays: 7,
    royaltySplit: '50/50',
    guidelines: [
      'Send unreleased, original material only, free of uncleared samples (royalty-free).',
      'WAV files only.',
      'No limiter on the master bus: leave headroom for mastering.',
      'We review every demo within 7 days.',
      'Signed releases split royalties 50/50 between artist and label.',
    ],
  },
  /** The label a path without a known label segment belongs to. */
  defaultLabelShort: 'records',
  theme: {
    primary: '#1DB954',
    background: '#000000',
    card: '#000000',
    text: '#FFFFFF',
    textSecondary: 'rgba(255, 255, 255, 0.7)',
    textTertiary: 'rgba(255, 255, 255, 0.5)',
    border: 'rgba(255, 255, 255, 0.1)',
  },
  /** SPEC §9 VIP plans. Prices in `currency` per `period`; `isPopular` marks the MOST POPULAR plan. */
  vipPlans: [
    {
      id: 'monthly',
      name: 'Monthly',
      price: 9.99,
      currency: 'USD',
      period: 'month',
      badge: null,
      isPopular: false,
      features: ['Early access to new releases', 'Members-only newsletter', 'Cancel anytime'],
    },
    {
      id: 'annual',
      name: 'Annual',
      price: 99.99,
      currency: 'USD',
      period: 'year',
      badge: 'Save 17%',
      isPopular: true,
      features: ['Everything in Monthly', 'Two months free compared with paying monthly', 'VIP-only downloads'],
    },
    {
      id: 'premium',
      name: 'Premium',
      price: 199.99,
      currency: 'USD',
      period: 'year',
      badge: null,
      isPopular: false,
      features: ['Everything in Annual', 'Guest-list spots at label events', 'Limited-edition merchandise'],
    },
  ],
} as const;

export type SiteConfig = typeof siteConfig;
