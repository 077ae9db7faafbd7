import { describe, expect, it } from 'vitest';
import { storeLinksSchema, storeOfColumn } from './store-links.js';

describe('store links', () => {
  it('keeps named http(s) links, trimmed', () => {
    expect(storeLinksSchema.parse([{ name: ' Beatport ', url: ' https://www.beatport.com/release/x/1 ' }])).toEqual([
      { name: 'Beatport', url: 'https://www.beatport.com/release/x/1' },
    ]);
  });

  it('refuses other schemes, blank names and a store twice, naming the entry', () => {
    const result = storeLinksSchema.safeParse([
      { name: 'Bandcamp', url: 'javascript:alert(1)' },
      { name: '', url: 'https://a.example' },
    ]);
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toContainEqual(['0.url', 'A store URL must be an http(s) URL, like https://www.beatport.com/release/…']);
    expect(issues).toContainEqual(['1.name', 'A store name must not be empty']);
    const twice = storeLinksSchema.safeParse([
      { name: 'Bandcamp', url: 'https://a.example' },
      { name: 'bandcamp', url: 'https://b.example' },
    ]);
    expect(twice.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['1.name', 'bandcamp is listed twice']]);
  });

  it('reads a store from an export column name', () => {
    expect(storeOfColumn('Beatport URL')).toBe('Beatport');
    expect(storeOfColumn('apple music link')).toBe('Apple Music');
    expect(storeOfColumn('Spotify')).toBe('Spotify');
    expect(storeOfColumn('Song Name')).toBeUndefined();
  });
});
