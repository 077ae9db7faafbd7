import { describe, expect, it } from 'vitest';
import { emptyArtist, emptyDemoForm, emptyTrack, formFieldOf } from './demo-form-values.js';

describe('formFieldOf', () => {
  const form = { ...emptyDemoForm(), artists: [emptyArtist(), emptyArtist()], tracks: [emptyTrack()] };

  it("maps the server's field to the form's, the product's first-entry names included", () => {
    expect(formFieldOf('artists.1.email', form)).toBe('artists.1.email');
    expect(formFieldOf('tracks.0.soundCloudPrivateLink', form)).toBe('tracks.0.soundCloudPrivateLink');
    expect(formFieldOf('artist.appleMusic', form)).toBe('artists.0.appleMusic');
    expect(formFieldOf('track.genre', form)).toBe('tracks.0.genre');
    expect(formFieldOf('termsAccepted', form)).toBe('termsAccepted');
  });

  it('names nothing for fields the form does not have', () => {
    for (const field of [undefined, '', 'label', 'idempotency-key', 'artists', 'artists.2.email', 'tracks.1.name', 'artists.0.nope', 'artists.0.email.x']) {
      expect(formFieldOf(field, form), String(field)).toBeUndefined();
    }
  });
});
