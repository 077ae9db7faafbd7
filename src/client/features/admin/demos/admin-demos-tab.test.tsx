import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminDemo, AdminDemoRow } from '../../../../shared/api/admin-inbox.js';
import type { DemoStatus } from '../../../../shared/api/demos.js';
import { failure, json, renderAdmin, storeToken, verified } from '../../../../../tests/helpers/admin-routes.js';
import { aDemoArtist } from '../../../../../tests/helpers/demo-builders.js';
import { serveInboxApi } from '../components/inbox-test-support.js';
import { setupUser } from '../../../../../tests/helpers/render.js';

afterEach(() => vi.unstubAllGlobals());

const kaiId = '5b0c1e2d-3f4a-4b5c-8d6e-7f8091a2b3c4';
const maraId = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';

const kai: AdminDemoRow = {
  id: kaiId,
  created_at: '2026-11-05T09:30:00.000Z',
  status: 'new',
  label: 'buildit-tech',
  contact_email: 'kai@example.com',
  artists: ['Kai Ro', 'Jo B'],
  tracks: [
    { name: 'Steel Pulse', genre: 'Tech House' },
    { name: 'Second Light', genre: 'Techno' },
  ],
  undo_until: null,
};
const mara: AdminDemoRow = {
  id: maraId,
  created_at: '2026-11-01T09:30:00.000Z',
  status: 'shortlisted',
  label: 'buildit-deep',
  contact_email: 'mara@example.com',
  artists: ['Mara Q'],
  tracks: [{ name: 'Night Shift', genre: 'Deep House' }],
  undo_until: null,
};

function kaiDetail(status: DemoStatus = 'new'): AdminDemo {
  return {
    ...kai,
    status,
    updated_at: kai.created_at,
    artists: [
      aDemoArtist({ fullName: 'Kai Rosen', name: 'Kai Ro', email: 'kai@example.com' }),
      aDemoArtist({ fullName: 'Jo Brand', name: 'Jo B', email: 'jo@example.com', instagram: null, appleMusic: null }),
    ],
    tracks: [
      { name: 'Steel Pulse', genre: 'Tech House', soundCloudPrivateLink: 'https://soundcloud.com/kairo/steel-pulse/s-1' },
      { name: 'Second Light', genre: 'Techno', soundCloudPrivateLink: 'https://on.soundcloud.com/Xy12Ab34' },
    ],
  };
}

const page = (data: AdminDemoRow[], total = data.length, offset = 0) => json({ success: true, data, total, offset, limit: 20 });
const detail = (demo: AdminDemo) => json({ success: true, data: demo });

function renderDemos(table: Parameters<typeof serveInboxApi>[0]) {
  const api = serveInboxApi({ 'GET /api/admin/verify-admin-token': verified, ...table });
  storeToken('jwt-good');
  const user = setupUser();
  renderAdmin('/admin/demos');
  return { ...api, user };
}

/** The value next to a term of the dialog's field list. */
function field(dialog: HTMLElement, term: string, index = 0): HTMLElement {
  const terms = within(dialog).getAllByText(term, { selector: 'dt' });
  return terms[index]?.nextElementSibling as HTMLElement;
}

describe('AdminDemosTab', () => {
  it('lists the demos with received date, artists, tracks, label and status', async () => {
    const { sent, queries } = renderDemos({ 'GET /api/admin/demos': page([kai, mara]) });
    const table = await screen.findByRole('table', { name: 'Demos' });
    await within(table).findByText('Kai Ro, Jo B');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Received', 'Artist(s)', 'Track(s)', 'Label', 'Status']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      '5 Nov 2026',
      expect.stringContaining('Kai Ro, Jo B'),
      'Steel Pulse (Tech House)Second Light (Techno)',
      'Build It Tech',
      'New',
    ]);
    expect(within(second!).getAllByRole('cell').at(-1)?.textContent).toBe('Shortlisted');
    expect(sent.find((s) => s.path === '/api/admin/demos')?.authorization).toBe('Bearer jwt-good');
    expect(queries('/api/admin/demos')).toEqual([{ offset: '0', limit: '20' }]);
  });

  it('says so when there are no demos at all', async () => {
    renderDemos({ 'GET /api/admin/demos': page([]) });
    await screen.findByText('No demos yet');
  });

  it('filters by status, label and search, from the first page, and says when nothing matches', async () => {
    const { user, queries } = renderDemos({ 'GET /api/admin/demos': [page([kai, mara], 45), page([kai, mara], 45, 20), page([mara]), page([])] });
    await screen.findByText('Kai Ro, Jo B');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(queries('/api/admin/demos').at(-1)).toEqual({ offset: '20', limit: '20' }));

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'New', 'Listening', 'Shortlisted', 'Accepted', 'Declined']);
    await user.click(screen.getByRole('option', { name: 'Shortlisted' }));
    await waitFor(() => expect(queries('/api/admin/demos').at(-1)).toEqual({ status: 'shortlisted', offset: '0', limit: '20' }));
    await waitFor(() => expect(screen.queryByText('Kai Ro, Jo B')).toBeNull());

    await user.click(screen.getByRole('combobox', { name: 'Label' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'Build It Records', 'Build It Tech', 'Build It Deep']);
    await user.click(screen.getByRole('option', { name: 'Build It Tech' }));
    await screen.findByText('No demos match these filters');
    expect(queries('/api/admin/demos').at(-1)).toEqual({ status: 'shortlisted', label: 'buildit-tech', offset: '0', limit: '20' });

    await user.type(screen.getByRole('textbox', { name: 'Search artists, emails or tracks' }), ' night ');
    await waitFor(() => expect(queries('/api/admin/demos').at(-1)).toMatchObject({ q: 'night', offset: '0' }));
  });

  it('opens a demo with every field of its form, links opening in a new tab', async () => {
    const { user } = renderDemos({ 'GET /api/admin/demos': page([kai]), [`GET /api/admin/demos/${kaiId}`]: detail(kaiDetail()) });
    await user.click(await screen.findByText('Steel Pulse'));
    const dialog = await screen.findByRole('dialog', { name: /Steel Pulse, Second Light/ });
    await within(dialog).findByText('by Kai Ro, Jo B');
    expect(within(dialog).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Artist 1 of 2', 'Artist 2 of 2', 'Track 1 of 2', 'Track 2 of 2']);
    expect(field(dialog, 'Received').textContent).toBe('5 Nov 2026, 09:30 UTC');
    expect(field(dialog, 'Label').textContent).toBe('Build It Tech');
    expect(field(dialog, 'Status').textContent).toBe('New');
    const firstArtist = ['Full name', 'Artist name', 'Email', 'Country', 'Province/state', 'City', 'Facebook', 'Twitter', 'Instagram', 'SoundCloud', 'Spotify', 'Apple Music'].map(
      (term) => field(dialog, term).textContent,
    );
    expect(firstArtist).toEqual([
      'Kai Rosen',
      'Kai Ro',
      'kai@example.com',
      'Netherlands',
      'Noord-Holland',
      'Amsterdam',
      'https://www.facebook.com/maraq',
      'https://twitter.com/maraq',
      'https://www.instagram.com/maraq',
      'https://soundcloud.com/maraq',
      'https://open.spotify.com/artist/abc',
      'https://music.apple.com/artist/maraq/1',
    ]);
    expect([field(dialog, 'Full name', 1).textContent, field(dialog, 'Instagram', 1).textContent, field(dialog, 'Apple Music', 1).textContent]).toEqual([
      'Jo Brand',
      "Don't have",
      "Don't have",
    ]);
    expect([0, 1].map((i) => [field(dialog, 'Track name', i).textContent, field(dialog, 'Genre', i).textContent])).toEqual([
      ['Steel Pulse', 'Tech House'],
      ['Second Light', 'Techno'],
    ]);
    const soundCloud = within(field(dialog, 'SoundCloud link')).getByRole('link');
    expect([soundCloud.getAttribute('href'), soundCloud.getAttribute('target'), soundCloud.getAttribute('rel')]).toEqual([
      'https://soundcloud.com/kairo/steel-pulse/s-1',
      '_blank',
      'noopener noreferrer',
    ]);
    expect(within(field(dialog, 'Facebook')).getByRole('link').getAttribute('rel')).toBe('noopener noreferrer');
  });

  it.each([
    ['new', ['Start listening', 'Decline']],
    ['listening', ['Shortlist', 'Decline']],
    ['shortlisted', ['Accept', 'Decline']],
    ['accepted', []],
    ['declined', []],
  ] as const)('offers only the moves allowed from %s', async (status, buttons) => {
    const { user } = renderDemos({ 'GET /api/admin/demos': page([{ ...kai, status }]), [`GET /api/admin/demos/${kaiId}`]: detail(kaiDetail(status)) });
    await user.click(await screen.findByText('Kai Ro, Jo B'));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Kai Rosen');
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual([...buttons, 'Close']);
    if (buttons.length === 0) expect(within(dialog).getByText(/is final\.$/).textContent).toBe(`${status[0]?.toUpperCase()}${status.slice(1)} is final.`);
  });

  it('moves a demo on, then shows its next moves and the list again', async () => {
    const { user, sent } = renderDemos({
      'GET /api/admin/demos': [page([kai]), page([{ ...kai, status: 'listening' }])],
      [`GET /api/admin/demos/${kaiId}`]: detail(kaiDetail()),
      [`PATCH /api/admin/demos/${kaiId}`]: detail(kaiDetail('listening')),
    });
    await user.click(await screen.findByText('Kai Ro, Jo B'));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Start listening' }));
    await screen.findByText('Demo moved to Listening');
    expect(sent.filter((s) => s.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: `/api/admin/demos/${kaiId}`, authorization: 'Bearer jwt-good', body: { status: 'listening' } },
    ]);
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Shortlist', 'Decline', 'Close']);
    expect(field(dialog, 'Status').textContent).toBe('Listening');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const table = screen.getByRole('table', { name: 'Demos' });
    await waitFor(() => expect(within(table).getAllByRole('cell').at(-1)?.textContent).toBe('Listening'));
  });

  it('asks before accepting, then offers Undo while the 10 minutes run, and undoes with the token', async () => {
    const undoUntil = new Date(Date.now() + 10 * 60_000).toISOString();
    const { user, sent } = renderDemos({
      'GET /api/admin/demos': page([{ ...kai, status: 'shortlisted' }]),
      [`GET /api/admin/demos/${kaiId}`]: detail(kaiDetail('shortlisted')),
      [`PATCH /api/admin/demos/${kaiId}`]: detail({ ...kaiDetail('accepted'), undo_until: undoUntil }),
      [`POST /api/admin/demos/${kaiId}/undo`]: detail(kaiDetail('shortlisted')),
    });
    await user.click(await screen.findByText('Kai Ro, Jo B'));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Accept' }));
    const ask = await screen.findByRole('dialog', { name: 'Accept this demo?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Accept this demo?' })).toBeNull());
    expect(sent.filter((s) => s.method !== 'GET')).toEqual([]);

    await user.click(await within(dialog).findByRole('button', { name: 'Accept' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Accept this demo?' })).getByRole('button', { name: 'Accept' }));
    await screen.findByText('Demo moved to Accepted: you can undo it for 10 minutes');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Accept this demo?' })).toBeNull());
    // findBy: the outer dialog is hidden from the accessibility tree until the inner one has finished closing.
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/^Accepted: the artists' email waits until/);
    expect(within(dialog).queryByText(/is final/)).toBeNull();

    await user.click(await within(dialog).findByRole('button', { name: 'Undo' }));
    await screen.findByText('Decision undone: the demo is back to Shortlisted and no email goes');
    expect(within(dialog).queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Accept', 'Decline', 'Close']);
    expect(sent.filter((s) => s.method !== 'GET').map((s) => [s.method, s.path, s.authorization, s.body])).toEqual([
      ['PATCH', `/api/admin/demos/${kaiId}`, 'Bearer jwt-good', { status: 'accepted' }],
      ['POST', `/api/admin/demos/${kaiId}/undo`, 'Bearer jwt-good', undefined],
    ]);
  });

  it("shows the server's refusal and keeps the demo as it was", async () => {
    const { user } = renderDemos({
      'GET /api/admin/demos': page([kai]),
      [`GET /api/admin/demos/${kaiId}`]: detail(kaiDetail()),
      [`PATCH /api/admin/demos/${kaiId}`]: failure(409, 'Cannot move a demo from declined to listening'),
    });
    await user.click(await screen.findByText('Kai Ro, Jo B'));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Start listening' }));
    await screen.findByText('Cannot move a demo from declined to listening');
    expect(field(dialog, 'Status').textContent).toBe('New');
  });
});
