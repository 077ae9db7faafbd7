import { describe, expect, it } from 'vitest';
import { pickArtistImage } from './images.js';

const generated = '/media/artists/amber-signals.svg';
const own = 'https://img.example/own.jpg';
const profile = 'https://img.example/profile.jpg';
const small = { url: 'https://img.example/64.jpg', width: 64, height: 64 };
const medium = { url: 'https://img.example/320.jpg', width: 320, height: 320 };
const large = { url: 'https://img.example/640.jpg', width: 640, height: 640 };

describe('pickArtistImage: docs/product.md §3 chain', () => {
  it("prefers the artist's own image_url over everything", () => {
    expect(
      pickArtistImage(
        { image_url: own, profile_image_url: profile, images: [large] },
        generated,
      ),
    ).toBe(own);
  });

  it('falls back to profile_image_url next', () => {
    expect(
      pickArtistImage({ image_url: null, profile_image_url: profile, images: [large] }, generated),
    ).toBe(profile);
  });

  it('then to the largest provider image by width', () => {
    expect(pickArtistImage({ images: [small, large, medium] }, generated)).toBe(large.url);
    expect(pickArtistImage({ images: [medium, small] }, generated)).toBe(medium.url);
  });

  it('picks by width, not by position or height', () => {
    const wideButShort = { url: 'https://img.example/wide.jpg', width: 1000, height: 10 };
    const tallButNarrow = { url: 'https://img.example/tall.jpg', width: 10, height: 1000 };
    expect(pickArtistImage({ images: [tallButNarrow, wideButShort] }, generated)).toBe(wideButShort.url);
  });

  it('ranks an image of unknown width below one with a width, and keeps the first on a tie', () => {
    const unknown = { url: 'https://img.example/unknown.jpg', width: null };
    expect(pickArtistImage({ images: [unknown, small] }, generated)).toBe(small.url);
    expect(pickArtistImage({ images: [unknown] }, generated)).toBe(unknown.url);
    const twin = { url: 'https://img.example/twin.jpg', width: 640 };
    expect(pickArtistImage({ images: [large, twin] }, generated)).toBe(large.url);
  });

  it("then to the artist's generated picture, never a release's cover (issue 35)", () => {
    expect(pickArtistImage({}, generated)).toBe(generated);
    expect(pickArtistImage({ image_url: null, profile_image_url: null, images: null }, generated)).toBe(
      generated,
    );
  });

  it('treats blank urls as missing', () => {
    expect(pickArtistImage({ image_url: '', profile_image_url: '  ' }, generated)).toBe(generated);
    // a blank image must not hide a smaller usable one
    expect(pickArtistImage({ images: [{ url: '', width: 2000 }, small] }, generated)).toBe(small.url);
    expect(pickArtistImage({ images: [{ url: ' ', width: 2000 }] }, generated)).toBe(generated);
  });

  it('does not reorder the caller’s images', () => {
    const images = [small, large, medium];
    pickArtistImage({ images }, generated);
    expect(images).toEqual([small, large, medium]);
  });
});
