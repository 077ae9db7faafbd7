import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminReleaseDetail, AdminReleaseListItem } from '../../../../shared/api/admin-releases.js';
import { renderAdmin, serveAdminApi, failure, json, storeToken, verified, type Answer } from '../../../../../tests/helpers/admin-routes.js';
import { listOf } from '../../../../../tests/helpers/catalog-builders.js';
import { setupUser } from '../../../../../tests/helpers/render.js';
import type { UserEvent } from '@testing-library/user-event';

afterEach(() => vi.unstubAllGlobals());

const noMore: AdminReleaseListItem = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'No More',
  version: 'Remixes',
  catalog_number: 'BLDR192',
  upc: '5063616111111',
  label_id: 'buildit-records',
  status: 'published',
  slug: 'bldr192-no-more',
  type: 'ep',
  release_date: '2024-12-13',
  artwork_url: '/media/covers/no-more.webp',
  artists: ['Kwal', 'BELLO'],
  track_count: 4,
  tracks_with_audio: 1,
  pinned: false,
};
const dawn: AdminReleaseListItem = {
  ...noMore,
  id: '22222222-2222-4222-8222-222222222222',
  title: 'Dawn Patrol',
  version: null,
  catalog_number: null,
  upc: null,
  label_id: 'buildit-tech',
  status: 'draft',
  slug: 'dawn-patrol-22222222',
  release_date: null,
  artwork_url: null,
  artists: [],
  track_count: 2,
  tracks_with_audio: 0,
};
const dawnDetail: AdminReleaseDetail = {
  id: dawn.id,
  title: 'Dawn Patrol',
  version: null,
  type: 'ep',
  status: 'draft',
  slug: dawn.slug,
  genres: ['Tech House'],
  description: null,
  credits: null,
  release_date: '2025-03-07',
  artwork_url: null,
  label_id: 'buildit-tech',
  pinned: false,
  catalog_number: 'BLDT050',
  upc: null,
  artists: ['Kay Vo'],
  tracks: [
    {
      id: '33333333-3333-4333-8333-333333333333',
      title: 'Dawn Patrol',
      mix_version: 'Original Mix',
      isrc: null,
      duration_ms: 372_000,
      artists: [],
      remixers: [],
      audio: { file_name: 'dawn-patrol-original.wav', status: 'ready' },
      preview_start_ms: 90_000,
      preview_length_ms: null,
      member_download: true,
      instant_grat: false,
      price: null,
    },
    {
      id: '44444444-4444-4444-8444-444444444444',
      title: 'Dawn Patrol',
      mix_version: 'Dub Mix',
      isrc: null,
      duration_ms: 360_000,
      artists: [],
      remixers: [],
      audio: null,
      preview_start_ms: null,
      preview_length_ms: null,
      member_download: false,
      instant_grat: false,
      price: null,
    },
  ],
  links: [],
  price: null,
  tracks_without_master: 2,
  upcoming: false,
};

/** Serves the admin API and records the query of every list call. */
function serve(table: Record<string, Answer | Answer[]>) {
  // The editor of a saved release lists its download codes: none here.
  const sent = serveAdminApi({ 'GET /api/admin/verify-admin-token': verified, [`GET /api/admin/releases/${dawn.id}/codes`]: json({ success: true, data: [] }), ...table });
  const served = globalThis.fetch;
  const urls: URL[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(new URL(String(input), 'http://localhost'));
    return served(input, init);
  });
  storeToken('jwt-good');
  const listCalls = () => urls.filter((u) => u.pathname === '/api/admin/releases').map((u) => Object.fromEntries(u.searchParams));
  return { sent, listCalls };
}

/**
 * Replaces a box's text as a paste does: one change, where typing renders the whole editor (every track's fields) at each key.
 * What is typed key by key is the search box's, whose pause is what its tests check.
 */
async function fill(user: UserEvent, box: HTMLElement, text: string) {
  await user.clear(box);
  await user.paste(text);
}

async function openTab() {
  const user = setupUser();
  renderAdmin('/admin/releases');
  await screen.findByRole('table', { name: 'Releases' });
  return user;
}

describe('AdminReleasesTab', () => {
  it('lists releases with cover, title and version, artists, label, catalog number, date, status and tracks with audio', async () => {
    const { listCalls } = serve({ 'GET /api/admin/releases': json(listOf([noMore, dawn], 2, 0, 25)) });
    await openTab();
    const table = screen.getByRole('table', { name: 'Releases' });
    await within(table).findByText('No More (Remixes)');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Release', 'Artists', 'Label', 'Catalog number', 'Release date', 'Status', 'Tracks']);
    const [, first, second] = within(table).getAllByRole('row') as HTMLElement[];
    const cells = (row: HTMLElement | undefined) => within(row as HTMLElement).getAllByRole('cell').slice(1).map((c) => c.textContent);
    expect(cells(first)).toEqual(['Kwal, BELLO', 'Build It Records', 'BLDR192', '2024-12-13', 'Published', '4 (1 with audio)']);
    expect(cells(second)).toEqual(['—', 'Build It Tech', '—', '—', 'Draft', '2 (0 with audio)']);
    // The cover's thumbnail (a generated copy of the upload), and none made up for a release without one.
    expect(first?.querySelector('img')?.getAttribute('src')).toMatch(/^\/media\/covers\/no-more/);
    expect(second?.querySelector('img')).toBeNull();
    expect(listCalls()).toEqual([{ offset: '0', limit: '25' }]);
  });

  it('filters by label and status, searches after a pause and pages, all on the server', async () => {
    const { listCalls } = serve({ 'GET /api/admin/releases': json(listOf([noMore], 60, 0, 25)) });
    const user = await openTab();
    await screen.findByText('No More (Remixes)');

    await user.click(screen.getByRole('combobox', { name: 'Label' }));
    await user.click(await screen.findByRole('option', { name: 'Build It Tech' }));
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ offset: '0', limit: '25', label: 'buildit-tech' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Draft' }));
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ offset: '0', limit: '25', label: 'buildit-tech', status: 'draft' }));

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ offset: '25', status: 'draft' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search releases' }), 'bldr');
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ q: 'bldr', offset: '0', label: 'buildit-tech', status: 'draft' }));
    // One request for the word, none for its first letters.
    expect(listCalls().filter((c) => c.q !== undefined).map((c) => c.q)).toEqual(['bldr']);
  });

  it("says when nothing matches, and shows a failed load with a Retry", async () => {
    serve({ 'GET /api/admin/releases': [failure(500, 'Internal server error'), json(listOf([], 0, 0, 25))] });
    const user = await openTab();
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No releases yet')).toBeTruthy();
  });

  it('opens a draft from its row and publishes it: its fields as stored, the status sent with them, the list refreshed', async () => {
    const published = { ...dawnDetail, status: 'published' as const };
    const { sent, listCalls } = serve({
      'GET /api/admin/releases': [json(listOf([dawn])), json(listOf([{ ...dawn, status: 'published' }]))],
      [`GET /api/admin/releases/${dawn.id}`]: json({ success: true, data: dawnDetail }),
      [`PATCH /api/admin/releases/${dawn.id}`]: json({ success: true, data: published }),
    });
    const user = await openTab();
    await user.click(await screen.findByRole('button', { name: 'Dawn Patrol' }));
    const form = await screen.findByRole('form', { name: 'Edit release' });
    expect(within(form).getByRole('combobox', { name: 'Type' }).textContent).toBe('ep');
    expect(within(form).getByRole('combobox', { name: 'Status' }).textContent).toBe('draft');
    expect(within(form).getByText('Draft: never public, on no page, list, feed or sitemap')).toBeTruthy();
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: 'Genres' }).value).toBe('Tech House');
    // Its cover is uploaded here, and its tracks without artists of their own carry the release's.
    expect(within(form).getByRole('button', { name: 'Upload cover' })).toBeTruthy();
    expect(within(form).getAllByText("Empty: the release's artists")).toHaveLength(2);

    await user.click(within(form).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'published' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved “Dawn Patrol”')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'PATCH').map((s) => s.body)).toEqual([
      {
        title: 'Dawn Patrol',
        version: null,
        type: 'ep',
        status: 'published',
        genres: ['Tech House'],
        description: null,
        credits: null,
        release_date: '2025-03-07',
        label_id: 'buildit-tech',
        catalog_number: 'BLDT050',
        upc: null,
        artists: ['Kay Vo'],
        tracks: dawnDetail.tracks.map(({ id, title, mix_version, duration_ms, preview_start_ms, preview_length_ms, member_download, instant_grat, price }) => ({
          id,
          title,
          mix_version,
          isrc: null,
          duration_ms,
          artists: [],
          remixers: [],
          preview_start_ms,
          preview_length_ms,
          member_download,
          instant_grat,
          price,
        })),
        links: [],
        price: null,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Releases' })).getByText('Published')).toBeTruthy());
    expect(listCalls()).toHaveLength(2);
    // The editor is a long form (each track with its audio): jsdom types into it slowly, as in the Tracks tab's tests.
  }, 30_000);
  it("finishes a release's tracks in its editor: each track's audio uploaded or replaced, its preview window, member download and instant grat saved with the release", async () => {
    const [original, dub] = dawnDetail.tracks as [AdminReleaseDetail['tracks'][number], AdminReleaseDetail['tracks'][number]];
    const { sent } = serve({
      'GET /api/admin/releases': json(listOf([dawn])),
      [`GET /api/admin/releases/${dawn.id}`]: json({ success: true, data: dawnDetail }),
      'POST /api/admin/media': json({
        success: true,
        message: '1 file matched',
        data: { matched: [{ file: `${dub.id}.wav`, kind: 'audio', id: 'a1', name: 'Dawn Patrol', url: '/api/admin/media/audio/a1', tracks: [{ id: dub.id, release_id: dawn.id, title: 'Dawn Patrol' }] }], unmatched: [], refused: [] },
      }),
      [`PATCH /api/admin/releases/${dawn.id}`]: json({ success: true, data: dawnDetail }),
    });
    const user = await openTab();
    await user.click(await screen.findByRole('button', { name: 'Dawn Patrol' }));
    const form = await screen.findByRole('form', { name: 'Edit release' });
    // The editor's parts, in order: a price or anything else of a release is one more section.
    expect(within(form).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Tracks', 'Price', 'Download codes', 'Buy / Stream links']);
    const [first, second] = within(form).getAllByRole('group', { name: /^Track \d$/ }) as [HTMLElement, HTMLElement];
    // The first track's master and its window as stored; the second has none yet.
    expect(within(first).getByText('Audio: dawn-patrol-original.wav, preview ready')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Replace audio' })).toBeTruthy();
    expect(within(first).getByRole<HTMLInputElement>('textbox', { name: 'Preview start' }).value).toBe('1:30');
    expect(within(first).getByRole<HTMLInputElement>('switch', { name: 'VIP members download the uploaded audio' }).checked).toBe(true);
    expect(within(first).getByText('Active VIP members download it as uploaded or as WAV, FLAC, AIFF or MP3, as they choose; others are asked to join VIP.')).toBeTruthy();
    expect(within(second).getByText('No audio uploaded: WAV, FLAC, AIFF or MP3')).toBeTruthy();

    // The dub's master, sent under the track's id (which is what matches it).
    await user.upload(within(second).getByLabelText('Audio file of Dawn Patrol (Dub Mix)'), new File(['RIFF'], 'dub master.wav', { type: 'audio/wav' }));
    expect(await screen.findByText('Audio of Dawn Patrol (Dub Mix) uploaded: its preview is being cut')).toBeTruthy();
    const upload = sent.find((s) => s.method === 'POST')?.body as FormData;
    expect((upload.get('files') as File).name).toBe(`${dub.id}.wav`);

    // A window that is no m:ss is refused on its field; then the dub's window and download are saved with the release.
    const previewLength = within(second).getByRole('textbox', { name: 'Preview length' });
    await fill(user, previewLength, '45');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(second).findByText('Preview length must be m:ss, like 1:00')).toBeTruthy();
    await fill(user, previewLength, '0:45');
    await fill(user, within(second).getByRole('textbox', { name: 'Preview start' }), '2:00');
    await user.click(within(second).getByRole('switch', { name: 'VIP members download the uploaded audio' }));
    // The dub is the pre-order's instant grat: its buyers download it at once.
    expect(within(second).getByRole<HTMLInputElement>('switch', { name: 'Instant grat: pre-order buyers get it at once' }).checked).toBe(false);
    await user.click(within(second).getByRole('switch', { name: 'Instant grat: pre-order buyers get it at once' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved “Dawn Patrol”')).toBeTruthy();
    const body = sent.find((s) => s.method === 'PATCH')?.body as { tracks: unknown[] };
    expect(body.tracks).toEqual([
      expect.objectContaining({ id: original.id, preview_start_ms: 90_000, preview_length_ms: null, member_download: true, instant_grat: false }),
      expect.objectContaining({ id: dub.id, preview_start_ms: 120_000, preview_length_ms: 45_000, member_download: true, instant_grat: true }),
    ]);
  }, 30_000);

  it('prices a release in its editor: what is missing for its sale, a price refused on its field, then sent with the release', async () => {
    const { sent } = serve({
      'GET /api/admin/releases': json(listOf([dawn])),
      [`GET /api/admin/releases/${dawn.id}`]: json({ success: true, data: dawnDetail }),
      [`PATCH /api/admin/releases/${dawn.id}`]: json({ success: true, data: dawnDetail }),
    });
    const user = await openTab();
    await user.click(await screen.findByRole('button', { name: 'Dawn Patrol' }));
    const form = await screen.findByRole('form', { name: 'Edit release' });
    const section = within(form).getByRole('region', { name: 'Price' });
    expect(within(section).getByText('Not sold: the release page has no Buy button.')).toBeTruthy();

    await user.click(within(section).getByRole('combobox', { name: 'Sold as' }));
    await user.click(await screen.findByRole('option', { name: 'Fixed price' }));
    // A draft whose dub has no master yet (the server's word for each track's audio).
    expect(within(section).getByText('Not for sale yet: it is a draft: publish it; 1 track has no master uploaded: upload it under Tracks.')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Enter a price above 0, or choose Free')).toBeTruthy();
    const amount = within(section).getByRole('textbox', { name: 'Amount' });
    await fill(user, amount, '1200');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Price amount must be at most 1000')).toBeTruthy();

    await fill(user, amount, '7,99');
    await user.click(within(section).getByRole('combobox', { name: 'Currency' }));
    await user.click(await screen.findByRole('option', { name: 'USD' }));
    await user.click(within(form).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'published' }));
    await user.click(within(form).getByRole('button', { name: 'Remove track 2' }));
    expect(within(section).getByText('For sale: the release page has a Buy button.')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved “Dawn Patrol”')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'PATCH').map((s) => (s.body as { price: unknown }).price)).toEqual([{ amount: 7.99, currency: 'USD', pay_what_you_want: false }]);
  }, 30_000);

  it('prices a track alone in the release editor: what is missing for its sale, a price refused on its field, then sent with its track', async () => {
    const { sent } = serve({
      'GET /api/admin/releases': json(listOf([dawn])),
      [`GET /api/admin/releases/${dawn.id}`]: json({ success: true, data: dawnDetail }),
      [`PATCH /api/admin/releases/${dawn.id}`]: json({ success: true, data: dawnDetail }),
    });
    const user = await openTab();
    await user.click(await screen.findByRole('button', { name: 'Dawn Patrol' }));
    const form = await screen.findByRole('form', { name: 'Edit release' });
    const [first, second] = within(form).getAllByRole('group', { name: /^Track \d$/ }) as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('combobox', { name: 'Sold as' }).textContent).toBe('Not sold alone');
    expect(within(first).getByText('Sold only with the release')).toBeTruthy();

    await user.click(within(first).getByRole('combobox', { name: 'Sold as' }));
    await user.click(await screen.findByRole('option', { name: 'Fixed price' }));
    // The release is a draft; the dub has no master yet (the server's word for each track's audio).
    expect(within(first).getByText('Not for sale alone yet: publish the release')).toBeTruthy();
    await user.click(within(second).getByRole('combobox', { name: 'Sold as' }));
    await user.click(await screen.findByRole('option', { name: 'Pay what you want' }));
    expect(within(second).getByText('Not for sale alone yet: publish the release, upload its master')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(first).findByText('Enter a price above 0, or choose Free')).toBeTruthy();
    const amount = within(first).getByRole('textbox', { name: 'Amount' });
    await fill(user, amount, '1200');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(first).findByText('Price amount must be at most 1000')).toBeTruthy();

    await fill(user, amount, '1,29');
    await user.click(within(form).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'published' }));
    expect(within(first).getByText('For sale alone: a Buy button on its row')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved “Dawn Patrol”')).toBeTruthy();
    const body = sent.find((s) => s.method === 'PATCH')?.body as { tracks: { price: unknown }[]; price: unknown };
    expect(body.tracks.map((track) => track.price)).toEqual([
      { amount: 1.29, currency: 'EUR', pay_what_you_want: false },
      { amount: 0, currency: 'EUR', pay_what_you_want: true },
    ]);
    expect(body.price).toBeNull();
  }, 30_000);

  it('shows a pay-what-you-want price as stored: its minimum blank for name-your-price', async () => {
    serve({
      'GET /api/admin/releases': json(listOf([dawn])),
      [`GET /api/admin/releases/${dawn.id}`]: json({ success: true, data: { ...dawnDetail, price: { amount: 0, currency: 'GBP', pay_what_you_want: true } } }),
    });
    const user = await openTab();
    await user.click(await screen.findByRole('button', { name: 'Dawn Patrol' }));
    const section = within(await screen.findByRole('form', { name: 'Edit release' })).getByRole('region', { name: 'Price' });
    expect(within(section).getByRole('combobox', { name: 'Sold as' }).textContent).toBe('Pay what you want');
    expect(within(section).getByRole<HTMLInputElement>('textbox', { name: 'Minimum' }).value).toBe('');
    expect(within(section).getByText('Empty or 0: name your price')).toBeTruthy();
    expect(within(section).getByRole('combobox', { name: 'Currency' }).textContent).toBe('GBP');
  });
});
