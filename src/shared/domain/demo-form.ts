// What the demo form shows beside its schemas (its limits, social networks and messages), so that the
// submit page carries no zod until the form is first checked (docs/decisions/0023, 0110). The schemas
// that use them are the demo contract's (src/shared/api/demos.ts).

export const maxDemoEntries = 10;

/** docs/product.md §5 order: Facebook, Twitter, Instagram, SoundCloud, Spotify, Apple Music. */
export const socialNetworks = [
  { key: 'facebook', name: 'Facebook' },
  { key: 'twitter', name: 'Twitter' },
  { key: 'instagram', name: 'Instagram' },
  { key: 'soundcloud', name: 'SoundCloud' },
  { key: 'spotify', name: 'Spotify' },
  { key: 'appleMusic', name: 'Apple Music' },
] as const;
export type SocialNetworkKey = (typeof socialNetworks)[number]['key'];

export const demoMessages = {
  termsRequired: 'You must accept the terms and conditions to submit.',
  invalidTrackLink: 'Please enter a valid SoundCloud URL for your track.',
  trackLinkRequired: 'Private SoundCloud link is required',
  /** Helper text of a social link field, and its error when left empty without ticking "Don't have". */
  socialRequired: 'Required unless checked as not available',
  invalidSocial: (network: string) => `Please enter a valid ${network} URL`,
  invalidEmail: 'Please enter a valid email address',
  submitted: 'Demo submitted successfully!',
} as const;
