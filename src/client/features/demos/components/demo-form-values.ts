import type { DemoArtist, DemoTrack } from '../../../../shared/api/demos.js';
import type { SocialNetworkKey } from '../../../../shared/domain/demo-form.js';

// What the form holds while the artist types. A social link is null while its "Don't have" box is
// ticked, so the values validate with the shared demoFormSchema as they are.

export interface DemoFormValues {
  artists: DemoArtist[];
  tracks: DemoTrack[];
  /** false until ticked; the schema accepts only true. */
  termsAccepted: boolean;
}

export type ArtistTextKey = Exclude<keyof DemoArtist, SocialNetworkKey>;
export type TextFieldPath = `artists.${number}.${ArtistTextKey}` | `tracks.${number}.${keyof DemoTrack}`;
export type SocialFieldPath = `artists.${number}.${SocialNetworkKey}`;
export type DemoFieldPath = TextFieldPath | SocialFieldPath | 'termsAccepted';

export function emptyArtist(): DemoArtist {
  return {
    fullName: '',
    name: '',
    email: '',
    country: '',
    province: '',
    city: '',
    facebook: '',
    twitter: '',
    instagram: '',
    soundcloud: '',
    spotify: '',
    appleMusic: '',
  };
}

export function emptyTrack(): DemoTrack {
  return { name: '', genre: '', soundCloudPrivateLink: '' };
}

export function emptyDemoForm(): DemoFormValues {
  return { artists: [emptyArtist()], tracks: [emptyTrack()], termsAccepted: false };
}

/**
 * The form field a server error names (ADR 0006: `artists.1.email`, or the product's `artist.email` for the
 * first entry), or undefined when it names nothing on this form (the label, a header).
 */
export function formFieldOf(serverField: string | undefined, values: DemoFormValues): DemoFieldPath | undefined {
  if (!serverField) return undefined;
  if (serverField === 'termsAccepted') return serverField;
  const path = serverField.replace(/^artist\./, 'artists.0.').replace(/^track\./, 'tracks.0.');
  const match = /^(artists|tracks)\.(\d+)\.(\w+)$/.exec(path);
  if (!match) return undefined;
  const [, list, index, key] = match as unknown as [string, 'artists' | 'tracks', string, string];
  const entry = values[list][Number(index)];
  return entry && key in entry ? (path as DemoFieldPath) : undefined;
}
