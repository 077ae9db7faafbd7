import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { importMessages, type AdminLabel, type AdminLabelsResponse, type DemoCatalogSummary, type ImportJob } from '../../../../shared/api/admin-import.js';
import { failure, json, renderAdmin, serveAdminApi, storeToken, verified, type Answer } from '../../../../../tests/helpers/admin-routes.js';
import { setupUser } from '../../../../../tests/helpers/render.js';

afterEach(() => vi.unstubAllGlobals());

const label = (id: string, name: string, accent: string, counts: Partial<AdminLabel> = {}): AdminLabel => ({
  id,
  short: id.replace('buildit-', ''),
  name,
  accent,
  releases: 0,
  tracks: 0,
  artists: 0,
  demos_new: 0,
  demos_total: 0,
  ...counts,
});

function labelsAnswer(isAvailable: boolean): AdminLabelsResponse {
  return {
    success: true,
    data: [
      label('buildit-records', 'Build It Records', '#02FF95', { releases: 1200, tracks: 2438, artists: 123, demos_new: 2, demos_total: 5 }),
      label('buildit-tech', 'Build It Tech', '#FF0000', { releases: 62, tracks: 84, artists: 40 }),
      label('buildit-deep', 'Build It Deep', '#00BFFF', { releases: 16, tracks: 20, artists: 14 }),
    ],
    enrichment: { is_available: isAvailable, reason: isAvailable ? null : importMessages.spotifyNotConfigured },
  };
}

const catalogJob = (overrides: Partial<Extract<ImportJob, { kind: 'catalog-csv' }>> = {}): ImportJob => ({
  id: 'b6f1c1e2-0c1d-4a59-9d55-1f0f8e6b7a10',
  kind: 'catalog-csv',
  status: 'running',
  label_id: null,
  file_name: 'inventory.csv',
  actor: 'staff',
  done: 0,
  total: 544,
  message: null,
  report: null,
  created_at: '2026-11-21T12:00:00.000Z',
  finished_at: null,
  ...overrides,
});

const report = {
  rows: 544,
  totalReleasesImported: 278,
  totalTracksImported: 542,
  totalArtistsImported: 266,
  created: { releases: 278, tracks: 542, artists: 266 },
  updated: { releases: 0, tracks: 0, artists: 0 },
  rejected: [
    { line: 544, reason: 'no song name and no ISRC: the release is kept without this track' },
    { line: 545, reason: 'no song name and no ISRC: the release is kept without this track' },
  ],
  warnings: 16,
  skipped: 0,
};

const enrichmentJob: ImportJob = {
  ...catalogJob(),
  id: '5d0e3f7a-8b1c-4d2e-9f3a-6b7c8d9e0f12',
  kind: 'spotify-enrichment',
  file_name: null,
  label_id: 'buildit-deep',
  total: 16,
  report: null,
};

const demoCatalogAnswer = (data: DemoCatalogSummary) => json({ success: true, data });
const noDemoCatalog = demoCatalogAnswer({ releases: 0, tracks: 0, artists: 0 });
const demoCatalog = { releases: 276, tracks: 543, artists: 136 };

const jobAnswer = (job: ImportJob) => json({ success: true, data: job });
const listAnswer = (jobs: ImportJob[]) => json({ success: true, data: jobs, total: jobs.length, offset: 0, limit: 10 });

/** The admin API, plus the upload: FormData cannot go through serveAdminApi's JSON recorder. */
function serve(table: Record<string, Answer | Answer[]>, upload?: Answer) {
  const sent = serveAdminApi({ 'GET /api/admin/verify-admin-token': verified, 'GET /api/admin/demo-catalog': noDemoCatalog, ...table });
  const uploads: FormData[] = [];
  const served = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (init.body instanceof FormData && upload) {
      uploads.push(init.body);
      return typeof upload === 'function' ? upload() : upload;
    }
    return served(input, init);
  });
  storeToken('jwt-good');
  return { sent, uploads };
}

describe('AdminLabelsTab', () => {
  it('shows each label with its live counts, and why "Import tracks" is off without Spotify', async () => {
    serve({ 'GET /api/admin/labels': json(labelsAnswer(false)), 'GET /api/admin/import-jobs': listAnswer([]) });
    renderAdmin('/admin/labels');
    const records = await screen.findByRole('region', { name: 'Build It Records' });
    expect(within(records).getByText('1,200')).toBeTruthy();
    expect(within(records).getByText('2,438')).toBeTruthy();
    expect(within(records).getByText('2 new / 5')).toBeTruthy();
    expect(screen.getByText(importMessages.spotifyNotConfigured)).toBeTruthy();
    const buttons = screen.getAllByRole('button', { name: 'Import tracks' });
    expect(buttons).toHaveLength(3);
    for (const button of buttons) {
      expect(button.hasAttribute('disabled')).toBe(true);
      expect(button.getAttribute('aria-describedby')).toBe('spotify-enrichment-reason');
    }
    expect(screen.getByText('No imports yet.')).toBeTruthy();
  });

  it('uploads the CSV for a label, shows the bar rising with "rows done / total", then the report', async () => {
    const { uploads } = serve(
      {
        'GET /api/admin/labels': json(labelsAnswer(true)),
        'GET /api/admin/import-jobs': listAnswer([]),
        'GET /api/admin/demo-catalog': demoCatalogAnswer(demoCatalog),
        'GET /api/admin/import-jobs/b6f1c1e2-0c1d-4a59-9d55-1f0f8e6b7a10': [
          jobAnswer(catalogJob({ done: 272 })),
          jobAnswer(catalogJob({ status: 'succeeded', done: 544, report, finished_at: '2026-11-21T12:00:02.000Z' })),
        ],
      },
      json({ success: true, message: 'Importing "inventory.csv"', job: catalogJob({ label_id: 'buildit-deep' }) }, 202),
    );
    const user = setupUser();
    renderAdmin('/admin/labels');
    const upload = await screen.findByRole('button', { name: 'Upload' });
    expect(upload.hasAttribute('disabled')).toBe(true);
    await user.upload(screen.getByLabelText('Catalog CSV file'), new File(['UPC,ISRC\n'], 'inventory.csv', { type: 'text/csv' }));
    expect(screen.getByText('inventory.csv (1 KB)')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Label' }));
    await user.click(screen.getByRole('option', { name: 'Build It Deep' }));
    await user.click(upload);

    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.get('label')).toBe('buildit-deep');
    expect((uploads[0]?.get('file') as File).name).toBe('inventory.csv');
    expect(screen.getByText('Catalog upload: inventory.csv')).toBeTruthy();
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    expect(screen.getByText('rows 272 / 544')).toBeTruthy();

    const rejected = await screen.findByRole('table', { name: 'Rejected rows' });
    expect(screen.queryByRole('progressbar', { name: 'Import progress' })).toBeNull();
    expect(within(rejected).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'LineReason',
      `544${report.rejected[0]?.reason}`,
      `545${report.rejected[1]?.reason}`,
    ]);
    const current = within(screen.getByRole('region', { name: 'Current import' }));
    expect(current.getByText('278 (278 new, 0 updated)')).toBeTruthy();
    // The first real import offers to remove the demo catalog.
    expect(await screen.findByText('Your catalog is in')).toBeTruthy();
    expect(current.getByText('Warnings').nextElementSibling?.textContent).toBe('16');
  });

  it('refuses a file over 10 MB before sending it', async () => {
    const { uploads } = serve({ 'GET /api/admin/labels': json(labelsAnswer(true)), 'GET /api/admin/import-jobs': listAnswer([]) });
    const user = setupUser();
    renderAdmin('/admin/labels');
    const big = new File(['x'], 'huge.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(await screen.findByLabelText('Catalog CSV file'), big);
    expect(screen.getByText(importMessages.fileTooLarge)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(true);
    expect(uploads).toEqual([]);
  });

  it('imports tracks for a label and shows the failed job\'s message', async () => {
    const { sent } = serve({
      'GET /api/admin/labels': json(labelsAnswer(true)),
      'GET /api/admin/import-jobs': listAnswer([]),
      'POST /api/admin/import-tracks': json({ success: true, message: 'Importing tracks from Spotify', job: enrichmentJob }, 202),
      [`GET /api/admin/import-jobs/${enrichmentJob.id}`]: jobAnswer({ ...enrichmentJob, status: 'failed', done: 3, message: 'Spotify API error: Internal Server Error' }),
    });
    const user = setupUser();
    renderAdmin('/admin/labels');
    const deep = await screen.findByRole('region', { name: 'Build It Deep' });
    await user.click(within(deep).getByRole('button', { name: 'Import tracks' }));
    expect(await screen.findByText('Spotify API error: Internal Server Error')).toBeTruthy();
    expect(screen.getByText('Import tracks: Build It Deep')).toBeTruthy();
    expect(sent.find((s) => s.method === 'POST')).toMatchObject({ authorization: 'Bearer jwt-good', body: { labelId: 'buildit-deep' } });
  });

  it('shows the server\'s reason for a refused start, and the product\'s "Failed to import tracks" when the request fails', async () => {
    serve({
      'GET /api/admin/labels': json(labelsAnswer(true)),
      'GET /api/admin/import-jobs': listAnswer([]),
      'POST /api/admin/import-tracks': [failure(409, importMessages.alreadyRunning), () => new Response('Bad Gateway', { status: 502 })],
    });
    const user = setupUser();
    renderAdmin('/admin/labels');
    const tech = await screen.findByRole('region', { name: 'Build It Tech' });
    await user.click(within(tech).getByRole('button', { name: 'Import tracks' }));
    expect(await screen.findByText(importMessages.alreadyRunning)).toBeTruthy();
    await user.click(within(tech).getByRole('button', { name: 'Import tracks' }));
    expect(await screen.findByText(importMessages.requestFailed)).toBeTruthy();
  });

  it('lists recent imports with who, when, status and counts, and follows one still running', async () => {
    const running = { ...enrichmentJob, done: 5 };
    serve({
      'GET /api/admin/labels': json(labelsAnswer(true)),
      'GET /api/admin/import-jobs': listAnswer([running, catalogJob({ id: 'old-job', status: 'succeeded', done: 544, report })]),
      [`GET /api/admin/import-jobs/${running.id}`]: jobAnswer(running),
    });
    renderAdmin('/admin/labels');
    const list = await screen.findByRole('region', { name: 'Recent imports' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Import tracks: Build It Deep21 Nov 2026, 12:00 UTC · staffreleases 5 / 16Running',
      'Catalog upload: inventory.csv21 Nov 2026, 12:00 UTC · staff278 releases, 542 tracks, 266 artists, 2 rejectedSucceeded',
    ]);
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('31');
    for (const button of screen.getAllByRole('button', { name: 'Import tracks' })) expect(button.hasAttribute('disabled')).toBe(true);
  });
  it('offers to remove the demo catalog, saying what goes, and asks first', async () => {
    const { sent } = serve({
      'GET /api/admin/labels': json(labelsAnswer(true)),
      'GET /api/admin/import-jobs': listAnswer([]),
      'GET /api/admin/demo-catalog': [demoCatalogAnswer(demoCatalog), noDemoCatalog],
      'DELETE /api/admin/demo-catalog': json({
        success: true,
        message: 'Removed the demo catalog: 276 releases, 543 tracks, 136 artists',
        data: demoCatalog,
      }),
    });
    const user = setupUser();
    renderAdmin('/admin/labels');
    await screen.findByText(
      'The site also shows the fictional demo catalog (276 releases, 543 tracks, 136 artists). Remove it once your own catalog is imported.',
    );
    await user.click(screen.getByRole('button', { name: 'Remove demo catalog' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove the demo catalog?' }));
    expect(
      dialog.getByText(
        'Its 276 releases, 543 tracks, 136 artists disappear from the site at once, with their plays. Artists credited on your own releases stay. This cannot be undone.',
      ),
    ).toBeTruthy();
    expect(sent.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Remove demo catalog' }));
    await waitFor(() => expect(screen.queryByText(/fictional demo catalog/)).toBeNull());
    expect(sent.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/admin/demo-catalog']);
  });
});
