import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminArtist } from '../../../../shared/api/admin-catalog.js';
import { renderAdmin, serveAdminApi, json, storeToken, verified } from '../../../../../tests/helpers/admin-routes.js';
import { listOf } from '../../../../../tests/helpers/catalog-builders.js';
import { setupUser } from '../../../../../tests/helpers/render.js';

afterEach(() => vi.unstubAllGlobals());

const hotKeys: AdminArtist = {
  id: 'hot-keys',
  name: 'Hot Keys',
  image_url: null,
  bio: null,
  genres: ['House', 'Tech House'],
  spotify_url: null,
  release_count: 6,
  track_count: 7,
};
const kwal: AdminArtist = { ...hotKeys, id: 'kwal', name: 'Kwal', genres: [], release_count: 2, track_count: 5 };

async function openTab() {
  const user = setupUser();
  storeToken('jwt-good');
  renderAdmin('/admin/artists');
  await screen.findByRole('table', { name: 'Artists' });
  return user;
}

describe('AdminArtistsTab', () => {
  it('lists artists with their genres and counts, and searches on the server', async () => {
    const urls: string[] = [];
    serveAdminApi({
      'GET /api/admin/verify-admin-token': verified,
      'GET /api/admin/artists': [json(listOf([hotKeys, kwal], 2, 0, 25)), json(listOf([kwal], 1, 0, 25))],
    });
    const served = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      urls.push(String(input));
      return served(input, init);
    });
    const user = await openTab();
    const table = screen.getByRole('table', { name: 'Artists' });
    await within(table).findByText('Hot Keys');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Genres', 'Releases', 'Tracks', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(0, 4).map((c) => c.textContent))).toEqual([
      ['HHot Keys', 'HouseTech House', '6', '7'],
      ['KKwal', '—', '2', '5'],
    ]);

    await user.type(screen.getByRole('searchbox', { name: 'Search artists' }), 'kw');
    await waitFor(() => expect(within(table).queryByText('Hot Keys')).toBeNull());
    expect(urls.filter((u) => u.startsWith('/api/admin/artists'))).toEqual([
      '/api/admin/artists?offset=0&limit=25',
      '/api/admin/artists?offset=0&limit=25&q=kw',
    ]);
  });

  it('edits bio and genres, checked as the server checks them', async () => {
    const saved = { ...kwal, bio: 'Plays warm house.', genres: ['House', 'Deep House'] };
    const sent = serveAdminApi({
      'GET /api/admin/verify-admin-token': verified,
      'GET /api/admin/artists': [json(listOf([kwal])), json(listOf([saved]))],
      'PATCH /api/admin/artists/kwal': json({ success: true, data: saved }),
    });
    const user = await openTab();
    await user.click(await screen.findByRole('button', { name: 'Edit Kwal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Kwal' });
    const genres = within(dialog).getByRole('textbox', { name: 'Genres' });
    await user.click(genres);
    await user.paste(Array.from({ length: 21 }, (_, i) => `Genre ${i}`).join(', '));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('At most 20 genres')).toBeTruthy();
    expect(sent.some((s) => s.method === 'PATCH')).toBe(false);

    await user.clear(genres);
    await user.paste(' House, house,, Deep House ');
    expect(within(within(dialog).getByLabelText('Genres to save')).getAllByText(/House/).map((c) => c.textContent)).toEqual(['House', 'Deep House']);
    await user.click(within(dialog).getByRole('textbox', { name: 'Bio' }));
    await user.paste('  Plays warm house. ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved Kwal')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'PATCH').map((s) => s.body)).toEqual([{ bio: 'Plays warm house.', genres: ['House', 'Deep House'] }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const table = screen.getByRole('table', { name: 'Artists' });
    expect(await within(table).findByText('Deep House')).toBeTruthy();
  });
});
