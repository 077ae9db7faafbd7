import { screen, within } from '@testing-library/react';
import { Outlet, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { mediaMessages, type ImageJob, type MediaUploadResponse } from '../../../../shared/api/admin-media.js';
import { renderWithApp, setupUser } from '../../../../../tests/helpers/render.js';
import type { AdminOutletContext } from '../shell/admin-outlet-context.js';
import { MediaUpload } from './media-upload.js';

afterEach(() => vi.unstubAllGlobals());

const context: AdminOutletContext = { token: 'admin-token', user: { id: 'a1', username: 'alice' } as AdminOutletContext['user'] };

const covers = [
  { jobId: '11111111-1111-4111-8111-111111111111', file: 'BLDR191A.jpg', release: 'Lose Minds' },
  { jobId: '22222222-2222-4222-8222-222222222222', file: 'BLDR190A.webp', release: 'Rollen' },
];

const uploadAnswer: MediaUploadResponse = {
  success: true,
  message: '2 matched, 0 unmatched, 1 refused',
  data: {
    matched: covers.map((c, i) => ({
      file: c.file,
      kind: 'release' as const,
      id: `release-${i}`,
      name: c.release,
      url: `/media/art/${String(i).repeat(32)}.webp`,
      job: { id: c.jobId, status: 'queued' as const, url: `/api/admin/media/images/${c.jobId}` },
    })),
    unmatched: [],
    refused: [{ file: 'BLDR192.jpg', reason: `BLDR192.jpg ${mediaMessages.tooSmall(300, 300)}` }],
  },
};

const failure = `BLDR190A.webp ${mediaMessages.unreadable}`;

/** What the server says of each job at each poll: the first cover is ready at the second, the other fails at the third. */
function jobAt(id: string, poll: number): ImageJob {
  const [first] = covers;
  const isFirst = id === first!.jobId;
  const status = isFirst ? (poll >= 2 ? 'ready' : 'processing') : poll >= 3 ? 'failed' : 'queued';
  return {
    id,
    file_name: isFirst ? covers[0]!.file : covers[1]!.file,
    kind: 'release',
    subject_id: isFirst ? 'release-0' : 'release-1',
    status,
    message: status === 'failed' ? failure : null,
    url: '/media/art/x.webp',
    created_at: '2026-11-28T12:00:00.000Z',
    finished_at: status === 'ready' || status === 'failed' ? '2026-11-28T12:00:01.000Z' : null,
  };
}

/** The admin API as the upload panel meets it; the ids each poll asked for. */
function serveMediaApi() {
  const asked: string[][] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (init.method === 'POST' && url.pathname === '/api/admin/media') return json(uploadAnswer);
    if (url.pathname === '/api/admin/media/images') {
      const ids = url.searchParams.get('ids')!.split(',');
      asked.push(ids);
      return json({ success: true, data: ids.map((id) => jobAt(id, asked.length)) });
    }
    throw new Error(`unexpected ${init.method ?? 'GET'} ${url.pathname}`);
  });
  return asked;
}

function renderPanel() {
  return renderWithApp(
    <Routes>
      <Route element={<Outlet context={context} />}>
        <Route index element={<MediaUpload />} />
      </Route>
    </Routes>,
  );
}

describe('the media upload panel', () => {
  it("answers with the report at once, then shows each cover's job: Processing…, Ready, Failed with the reason", async () => {
    // Timers run by themselves (shouldAdvanceTime), and the end can move them on at once.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const asked = serveMediaApi();
    const user = setupUser();
    renderPanel();
    const files = [new File(['a'], 'BLDR191A.jpg', { type: 'image/jpeg' }), new File(['b'], 'BLDR190A.webp', { type: 'image/webp' }), new File(['c'], 'BLDR192.jpg', { type: 'image/jpeg' })];
    await user.upload(screen.getByLabelText('Cover, picture, audio or zip files'), files);
    await user.click(screen.getByRole('button', { name: 'Upload files' }));

    const matched = await screen.findByRole('list', { name: 'Matched' });
    const items = () => within(matched).getAllByRole('listitem').map((item) => item.textContent);
    expect(items()).toEqual(['BLDR191A.jpg → cover of Lose MindsProcessing…', 'BLDR190A.webp → cover of RollenProcessing…']);
    expect(within(screen.getByRole('list', { name: 'Refused' })).getByRole('listitem').textContent).toBe(uploadAnswer.data.refused[0]!.reason);

    await within(matched).findByText('Ready', {}, { timeout: 5000 });
    expect(items()).toEqual(['BLDR191A.jpg → cover of Lose MindsReady', 'BLDR190A.webp → cover of RollenProcessing…']);
    await within(matched).findByText(`Failed: ${failure}`, {}, { timeout: 5000 });
    expect(items()).toEqual(['BLDR191A.jpg → cover of Lose MindsReady', `BLDR190A.webp → cover of RollenFailed: ${failure}`]);

    // A job that ended is not asked for again, and once all have ended nothing is.
    expect(asked).toEqual([[covers[0]!.jobId, covers[1]!.jobId], [covers[0]!.jobId, covers[1]!.jobId], [covers[1]!.jobId]]);
    // Three of the panel's one-second polls later, still nothing more was asked.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(asked).toHaveLength(3);
  }, 15_000);
});
