import { describe, expect, it } from 'vitest';
import { initialsOf, renderArtistPicture, renderReleaseArtwork } from './artwork.js';

const ACCENTS = ['#02FF95', '#FF0000', '#00BFFF'];
const release = (key: string, title = 'Velvet Engine', artist = 'Mireo Vance', accent = '#02FF95') => renderReleaseArtwork({ key, title, artist, accent });
const artist = (key: string, name = 'Nodus & Tarrin', accent = '#00BFFF') => renderArtistPicture({ key, name, accent });

/** Checks that tags nest and close, and that every & starts an entity: enough to catch broken escaping. */
function expectWellFormed(svg: string): void {
  const stack: string[] = [];
  for (const [, closing, name, , selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z]+)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g)) {
    if (closing) expect(stack.pop()).toBe(name);
    else if (!selfClosing) stack.push(name as string);
  }
  expect(stack).toEqual([]);
  expect(svg.replace(/<[^>]*>/g, '')).not.toMatch(/[<>]/);
  expect(svg).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
}

function expectNoExternalReference(svg: string): void {
  const rest = svg.replace('xmlns="http://www.w3.org/2000/svg"', '');
  expect(rest).not.toMatch(/https?:|href|@import|<image|<script|<foreignObject/i);
  for (const [, ref] of rest.matchAll(/url\(([^)]*)\)/g)) expect(ref).toMatch(/^#/);
}

describe('renderReleaseArtwork', () => {
  it('is a standalone 600x600 SVG showing the title and the artist', () => {
    const svg = release('BLDR001');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 600 600"/);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).toContain('>Velvet Engine<');
    expect(svg).toContain('>Mireo Vance<');
    expectWellFormed(svg);
    expectNoExternalReference(svg);
  });

  it('escapes every XML special character in the texts', () => {
    const svg = release('BLDR002', `Rock & <Roll> "Live" 'Mix'`, 'A&B <x>');
    expect(svg).toContain('Rock &amp; &lt;Roll&gt; &quot;Live&quot; &apos;Mix&apos;');
    expect(svg).toContain('A&amp;B &lt;x&gt;');
    expect(svg).not.toContain('<Roll>');
    expectWellFormed(svg);
  });

  it('keeps a malformed accent out of the markup', () => {
    const svg = release('BLDR003', 'T', 'A', '"/><script>alert(1)</script>');
    expect(svg).not.toContain('script');
    expectWellFormed(svg);
  });

  it('is the same for the same key and differs for another key', () => {
    expect(release('BLDR010')).toBe(release('BLDR010'));
    expect(release('BLDR010')).not.toBe(release('BLDR011'));
  });

  it('stays under 4 KB and well formed for many keys, long titles and every accent', () => {
    const longTitle = 'Build It Records Summer Compilation 2024 (Extended Deluxe Édition) [Part Two]';
    for (let i = 0; i < 60; i += 1) {
      const svg = release(`key-${i}`, i % 2 ? longTitle : `Title ${i}`, i % 3 ? 'Quaaro,Quaet,Nonte Wynaro,Parrin Mardall,Teshel Pramere' : 'Zoë Marrant', ACCENTS[i % 3]);
      expect(Buffer.byteLength(svg, 'utf8')).toBeLessThan(4096);
      expectWellFormed(svg);
    }
  });

  it('cuts a title too long for two lines with an ellipsis', () => {
    const svg = release('BLDR004', 'An Extraordinarily Long Release Title That Just Keeps Going On And On Forever More');
    expect(svg).toContain('…<');
  });
});

describe('renderArtistPicture', () => {
  it('is a standalone 400x400 SVG with the initials', () => {
    const svg = artist('artist-1');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 400 400"/);
    expect(svg).toContain('>NT</text>');
    expectWellFormed(svg);
    expectNoExternalReference(svg);
  });

  it('escapes the name', () => {
    const svg = artist('artist-2', `<O'Neil & "Co">`);
    expect(svg).toContain('aria-label="&lt;O&apos;Neil &amp; &quot;Co&quot;&gt;"');
    expectWellFormed(svg);
  });

  it('is the same for the same key, differs for another key, and stays under 4 KB', () => {
    expect(artist('a')).toBe(artist('a'));
    expect(artist('a')).not.toBe(artist('b'));
    for (let i = 0; i < 60; i += 1) expect(Buffer.byteLength(artist(`artist-${i}`, 'Zoë Marrant', ACCENTS[i % 3]), 'utf8')).toBeLessThan(4096);
  });

  it.each([
    ['Nodus & Tarrin', 'NT'],
    ['Zoë Marrant', 'ZM'],
    ['ánder solvik', 'ÁS'],
    ['MOKTA', 'M'],
    ['DJ Beats 3', 'DB'],
    ['', '?'],
  ])('takes the initials of %j as %j', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
