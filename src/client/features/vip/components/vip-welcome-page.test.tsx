import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../../tests/helpers/render.js';
import { VipWelcomePage } from './vip-welcome-page.js';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const answer = (status: string) =>
  new Response(JSON.stringify({ success: true, data: { status, planName: 'Annual' } }), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('VipWelcomePage (docs/decisions/0062)', () => {
  it('says Processing until the webhook made the membership active, asking again every 2 seconds', async () => {
    // React Query asks again on an interval: only intervals are faked, so rendering runs as usual.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const statuses = ['pending_payment', 'pending_payment', 'active'];
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return answer(statuses[Math.min(asked.length - 1, statuses.length - 1)] as string);
    });
    renderWithApp(<VipWelcomePage />, { path: '/vip/welcome?session_id=cs_test_1', route: '/vip/welcome' });
    await screen.findByText('Processing: we are waiting for Stripe to confirm your payment.');
    expect(asked).toEqual(['/api/vip/checkout/cs_test_1']);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(asked).toHaveLength(2);
    expect(screen.getByText('Processing: we are waiting for Stripe to confirm your payment.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await screen.findByText('Your Annual membership is active. A welcome email with your receipt is on its way.');
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(asked).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Your account' }).getAttribute('href')).toBe('/vip/account');
  });

  it('says it cannot find a payment without a session id', async () => {
    vi.stubGlobal('fetch', async () => answer('active'));
    renderWithApp(<VipWelcomePage />, { path: '/vip/welcome', route: '/vip/welcome' });
    await screen.findByText('We could not find this payment. If you paid, your membership is confirmed by email.');
  });
});
