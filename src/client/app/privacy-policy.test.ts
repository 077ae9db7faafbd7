import { describe, expect, it } from 'vitest';
import { themeCookieName } from '../../shared/page-render.js';
import { siteConfig } from '../../shared/site-config.js';
import { playerStorageKey, clientIdStorageKey } from '../features/player/state/player-tracks.js';
import { spotifyStorageKeys } from '../features/spotify/api/spotify-auth.js';
import { vipStatusKey } from '../features/vip/hooks/use-vip-status.js';
import { adminTokenKeys } from '../lib/admin-session.js';

// Here in app/, which may import every feature: the policy is checked against the keys the code writes.
const { privacyPolicy } = siteConfig.legal;
const allText = privacyPolicy.sections.flatMap((s) => [...s.paragraphs, ...('items' in s ? s.items.map((i) => `${i.term} ${i.text}`) : [])]).join('\n');

describe('the privacy policy', () => {
  it('lists every browser key the site keeps, and what the database holds', () => {
    const privacy = privacyPolicy.sections.find((s) => s.heading === 'Stored in your browser');
    const keys = privacy && 'items' in privacy ? privacy.items.map((i) => i.term) : [];
    const browserKeys = [
      adminTokenKeys,
      vipStatusKey,
      Object.values(spotifyStorageKeys),
      playerStorageKey,
      clientIdStorageKey,
      `${themeCookieName} (cookie)`,
    ].flat();
    expect([...keys].sort()).toEqual([...new Set(browserKeys)].sort());
    expect(allText).not.toMatch(/no cookies/);
    for (const field of [
      'full name',
      'artist name',
      'email address',
      'country',
      'city',
      'private SoundCloud link',
      'plan',
      'membership status',
      'status link',
      'text for 90 days',
      'unsubscribe',
      'Notify me',
      'delete your address for that release',
      'hash of your IP address',
    ]) {
      expect(allText).toContain(field);
    }
  });
});
