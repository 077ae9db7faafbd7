import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { shopMessages, type Order } from '../../../../shared/api/shop.js';
import { renderWithApp, setupUser } from '../../../../../tests/helpers/render.js';
import { OrderPage } from './order-page.js';
import { RedeemPage } from './redeem-page.js';

const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const refusal = (status: number, message: string, field?: string) => json({ success: false, error: message, message, ...(field ? { field } : {}) }, status);

const anOrder = (downloads: Order['items'][number]['downloads'], releaseDate = '2026-10-02'): Order => ({
  email: 'fan@example.com',
  items: [{ release_id: 'r1', track_id: null, title: 'Deep Cuts', artists: 'Kay Vo', artwork_url: null, release_date: releaseDate, downloads }],
});
const track = { track_id: 't1', title: 'Side A', formats: ['wav', 'flac', 'aiff', 'mp3-320', 'mp3-v0'] as const };

/** Answers each request by the first matcher that fits, recording its method, path and body. */
function serve(routes: [RegExp, () => Response][]): string[] {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push(`${init.method ?? 'GET'} ${url}${init.body ? ` ${String(init.body)}` : ''}`);
    const route = routes.find(([pattern]) => pattern.test(url));
    if (!route) throw new Error(`unexpected ${url}`);
    return route[1]();
  });
  return calls;
}

const renderOrder = () => renderWithApp(<OrderPage />, { path: '/orders/tok123', route: '/orders/:token' });

describe('the order page', () => {
  it('waits for Stripe with a retry, then lists each track with its format picker and Download', async () => {
    const user = setupUser();
    let isPaid = false;
    serve([[/^\/api\/orders\/tok123$/, () => (isPaid ? json({ success: true, data: anOrder([{ ...track, formats: [...track.formats] }]) }, 200) : refusal(409, shopMessages.pending))]]);
    renderOrder();
    expect(await screen.findByText(`Waiting for Stripe to confirm the payment. ${shopMessages.pending}`)).toBeTruthy();
    isPaid = true;
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    const tracks = await screen.findByRole('list', { name: 'Tracks to download' });
    expect(within(tracks).getByText('Side A')).toBeTruthy();
    expect(screen.getByText('Bought with fan@example.com')).toBeTruthy();
    await user.click(within(tracks).getByRole('combobox', { name: 'Format' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['WAV', 'FLAC', 'AIFF', 'MP3 320', 'MP3 V0']);
    await user.click(screen.getByRole('option', { name: 'FLAC' }));
    expect(within(tracks).getByRole('button', { name: 'Download Side A as FLAC' })).toBeTruthy();
    expect(screen.getByText(/works for 24 hours; an order gives 100 links in all/)).toBeTruthy();
  });

  it('says when the link limit is reached, with the address to write to', async () => {
    const user = setupUser();
    serve([
      [/^\/api\/orders\/tok123$/, () => json({ success: true, data: anOrder([{ ...track, formats: [...track.formats] }]) }, 200)],
      [/^\/api\/orders\/tok123\/downloads\/t1\/wav$/, () => refusal(429, shopMessages.tooManyDownloads)],
    ]);
    renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Download Side A as WAV' }));
    const alert = await screen.findByText(shopMessages.tooManyDownloads, { exact: false });
    expect(within(alert).getByRole('link').getAttribute('href')).toMatch(/^mailto:.+@/);
  });

  it("says a refunded order's downloads have ended, and a pre-order's open at its release", async () => {
    serve([[/^\/api\/orders\/tok123$/, () => refusal(410, shopMessages.refunded)]]);
    const { unmount } = renderOrder();
    expect(await screen.findByText(shopMessages.refunded)).toBeTruthy();
    unmount();
    serve([[/^\/api\/orders\/tok123$/, () => json({ success: true, data: anOrder([], '2026-12-04') }, 200)]]);
    renderOrder();
    expect(await screen.findByText('Pre-ordered: your downloads open here when it comes out on 4 December 2026, and we email you then.')).toBeTruthy();
  });

  it('sends a fresh link by email to whoever asks, saying the same whatever the address', async () => {
    const user = setupUser();
    const calls = serve([
      [/^\/api\/orders\/tok123$/, () => refusal(404, shopMessages.unknownOrder)],
      [/^\/api\/orders\/resend$/, () => json({ success: true, data: { message: shopMessages.resent } }, 202)],
    ]);
    renderOrder();
    expect(await screen.findByText('This link leads to no order. Please check that you opened the whole link from the email.')).toBeTruthy();
    const lost = screen.getByRole('region', { name: 'Lost your link?' });
    await user.type(within(lost).getByRole('textbox', { name: 'Your email' }), 'nope');
    await user.click(within(lost).getByRole('button', { name: 'Email me my links' }));
    expect(await within(lost).findByText('Please enter a valid email address')).toBeTruthy();
    await user.clear(within(lost).getByRole('textbox', { name: 'Your email' }));
    await user.type(within(lost).getByRole('textbox', { name: 'Your email' }), 'fan@example.com');
    await user.click(within(lost).getByRole('button', { name: 'Email me my links' }));
    expect(await within(lost).findByText(shopMessages.resent)).toBeTruthy();
    expect(calls.at(-1)).toBe('POST /api/orders/resend {"email":"fan@example.com"}');
  });
});

describe('the redeem page', () => {
  it("says on the code field that a code was used, and sends a code and address", async () => {
    const user = setupUser();
    const calls = serve([[/^\/api\/redeem$/, () => refusal(409, shopMessages.usedCode)]]);
    renderWithApp(<RedeemPage />);
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('code is required')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'abcd-efgh-jkmn');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'dj@example.com');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    const code = screen.getByRole('textbox', { name: 'Code' });
    expect(await screen.findByText(shopMessages.usedCode)).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual(['POST /api/redeem {"code":"abcd-efgh-jkmn","email":"dj@example.com"}']);
  });
});
