import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubFetch, setupUser } from '../../../../../tests/helpers/render.js';
import { DemoStatusPage } from './demo-status-page.js';
import { ReleaseAlertPage } from './release-alert-page.js';
import { UnsubscribePage } from './unsubscribe-page.js';
import { WaitingListPage } from './waiting-list-page.js';

const token = 'AbCdEfGhIjKlMnOpQrStUvWx_-12';
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const notFound = () => json(404, { success: false, error: 'Not Found', message: 'This link is not valid', reqId: 'r1' });

/**
 * A link page's two writes, on top of its reads (stubFetch): "Confirm" (POST) answers `confirmed`,
 * "Forget my address" (DELETE) answers `forgotten`. Returns the writes sent, as "METHOD path", in order.
 */
function answerWrites(confirmed: unknown, forgotten: string): string[] {
  const sent: string[] = [];
  const read = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method !== 'POST' && init?.method !== 'DELETE') return read(input, init);
    sent.push(`${init.method} ${String(input)}`);
    return init.method === 'POST' ? json(200, confirmed) : json(200, { success: true, message: forgotten });
  }) as typeof fetch;
  return sent;
}

describe('DemoStatusPage', () => {
  it("shows the demo of the link's token: label, tracks and what its status means", async () => {
    const calls = stubFetch([
      [
        /^\/api\/demo-status\//,
        () => ({
          success: true,
          data: {
            label: 'tech',
            label_name: 'Build It Tech',
            status: 'shortlisted',
            submitted_at: '2026-11-20T10:00:00.000Z',
            updated_at: '2026-11-24T10:00:00.000Z',
            tracks: ['Night Shift', 'Low Tide'],
          },
        }),
      ],
    ]);
    renderWithApp(<DemoStatusPage />, { path: `/demo-status/${token}`, route: '/demo-status/:token' });
    expect(await screen.findByText('Sent to Build It Tech on November 20, 2026')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Tracks' }).textContent).toBe('Night ShiftLow Tide');
    expect(screen.getByText('Shortlisted')).toBeTruthy();
    expect(screen.getByText(/on the shortlist/)).toBeTruthy();
    expect(calls()).toEqual([`/api/demo-status/${token}`]);
  });

  it('says the link is not valid when the server does not know it', async () => {
    stubFetch([[/^\/api\/demo-status\//, notFound]]);
    renderWithApp(<DemoStatusPage />, { path: `/demo-status/${token}`, route: '/demo-status/:token' });
    expect((await screen.findByRole('alert')).textContent).toMatch(/This link is not valid/);
  });
});

describe('UnsubscribePage', () => {
  it('changes nothing on opening; the button unsubscribes and says so', async () => {
    const user = setupUser();
    let unsubscribed = false;
    const answer = () => ({ success: true, message: 'ok', data: { email: 'm***@example.com', list: 'digest', unsubscribed } });
    const calls = stubFetch([
      [
        /^\/api\/unsubscribe\//,
        () => answer(),
      ],
    ]);
    const post = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') unsubscribed = true;
      return post(input, init);
    }) as typeof fetch;
    renderWithApp(<UnsubscribePage />, { path: `/unsubscribe/${token}`, route: '/unsubscribe/:token' });
    expect(await screen.findByText('Stop sending the daily digest of new demos to m***@example.com?')).toBeTruthy();
    expect(unsubscribed).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'm***@example.com is unsubscribed from the daily digest of new demos: nothing more of it will be sent there.',
    );
    expect(unsubscribed).toBe(true);
    expect(calls()).toEqual([`/api/unsubscribe/${token}`, `/api/unsubscribe/${token}`]);
  });

  it('says the link is not valid when the server does not know it', async () => {
    stubFetch([[/^\/api\/unsubscribe\//, notFound]]);
    renderWithApp(<UnsubscribePage />, { path: `/unsubscribe/${token}`, route: '/unsubscribe/:token' });
    expect((await screen.findByRole('alert')).textContent).toMatch(/This link is not valid/);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });
});

describe('ReleaseAlertPage', () => {
  const alertOf = (confirmed: boolean) => ({
    success: true,
    message: 'ok',
    data: {
      email: 'fa*****@example.com',
      confirmed,
      release: { id: 'r1', title: 'Symbiotic (Radio Edit)', artists: 'Kwal', label_name: 'Build It Tech', release_date: '2026-12-04', path: '/tech/releases/r1' },
    },
  });

  it('changes nothing on opening; "Confirm" confirms, "Forget my address" forgets', async () => {
    const user = setupUser();
    stubFetch([[/^\/api\/notify\//, () => alertOf(false)]]);
    const sent = answerWrites(alertOf(true), 'Your address is forgotten for this release: nothing will be sent to it.');
    renderWithApp(<ReleaseAlertPage />, { path: `/notify/${token}`, route: '/notify/:token' });
    expect((await screen.findByText(/comes out on Build It Tech on 4 December 2026\./)).textContent).toBe(
      '“Symbiotic (Radio Edit)” by Kwal comes out on Build It Tech on 4 December 2026.',
    );
    expect(screen.getByRole('link', { name: '“Symbiotic (Radio Edit)”' }).getAttribute('href')).toBe('/tech/releases/r1');
    expect(screen.getByText('Email fa*****@example.com on that day?')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Confirmed: we email fa*****@example.com on that day, once. Then the address is forgotten.');
    await user.click(screen.getByRole('button', { name: 'Forget my address' }));
    expect(await screen.findByText('Your address is forgotten for this release: nothing will be sent to it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(sent).toEqual([`POST /api/notify/${token}/confirm`, `DELETE /api/notify/${token}`]);
  });

  it('says the link is not valid when the server does not know it (forgotten after the release day)', async () => {
    stubFetch([[/^\/api\/notify\//, notFound]]);
    renderWithApp(<ReleaseAlertPage />, { path: `/notify/${token}`, route: '/notify/:token' });
    expect((await screen.findByRole('alert')).textContent).toMatch(/This link is not valid/);
  });
});

describe('WaitingListPage', () => {
  const linkOf = (confirmed: boolean) => ({ success: true, message: 'VIP waiting list link', data: { email: 'fa*****@example.com', confirmed } });

  it('changes nothing on opening; "Confirm" confirms, "Forget my address" takes the address off the list', async () => {
    const user = setupUser();
    stubFetch([[/^\/api\/vip\/waiting-list\//, () => linkOf(false)]]);
    const sent = answerWrites(linkOf(true), 'Your address is off the waiting list: nothing more is sent to it.');
    renderWithApp(<WaitingListPage />, { path: `/vip/waiting-list/${token}`, route: '/vip/waiting-list/:token' });
    expect(await screen.findByText('Email fa*****@example.com once when VIP payments open?')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Confirmed: we email fa*****@example.com once when VIP payments open.');
    await user.click(screen.getByRole('button', { name: 'Forget my address' }));
    expect(await screen.findByText('Your address is off the waiting list: nothing more is sent to it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(sent).toEqual([`POST /api/vip/waiting-list/${token}/confirm`, `DELETE /api/vip/waiting-list/${token}`]);
  });

  it('shows the server\'s refusal of a confirmation, and keeps "Confirm"', async () => {
    const user = setupUser();
    stubFetch([[/^\/api\/vip\/waiting-list\//, () => linkOf(false)]]);
    const get = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'POST' ? json(404, { success: false, error: 'Not Found', message: 'This link is not valid, or the address was forgotten or has had its email.', reqId: 'r2' }) : get(input, init)) as typeof fetch;
    renderWithApp(<WaitingListPage />, { path: `/vip/waiting-list/${token}`, route: '/vip/waiting-list/:token' });
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This link is not valid, or the address was forgotten or has had its email.');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();
  });
});
