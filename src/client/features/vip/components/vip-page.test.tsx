import { act, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, setupUser } from '../../../../../tests/helpers/render.js';
import { VipPage } from './vip-page.js';
// The page loads its dialog when a plan is first chosen; compiled here with the file, not in the first test's time.
import './subscribe-dialog.js';

interface Sent {
  url: string;
  body: unknown;
}

/** Whether GET /api/vip/payments says payments are open (docs/decisions/0099). */
let isPaymentsOpen = true;

/** Answers the POSTs (subscribe, waiting list) with the given responses in turn, recording what was sent. */
function serveSubscriptions(...answers: (() => Response | Promise<Response>)[]): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (String(input) === '/api/vip/payments') return json({ success: true, data: { open: isPaymentsOpen } }, 200);
    sent.push({ url: String(input), body: JSON.parse(String(init.body)) });
    const answer = answers[Math.min(sent.length - 1, answers.length - 1)];
    if (!answer) throw new Error('no answer');
    return answer();
  });
  return sent;
}

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const welcome =
  "You're on the list for the Annual plan. Payments aren't open yet, so your membership is pending payment: we'll email you at sam@example.com when they are.";
const subscribed = () =>
  json(
    {
      success: true,
      message: welcome,
      data: {
        id: '4b0b8d7e-3f1c-4a7e-9d2b-7c1f0e6a5b21',
        name: 'Sam Rivers',
        email: 'sam@example.com',
        plan: 'annual',
        status: 'pending_payment',
        created_at: '2026-11-21T12:00:00.000Z',
        updated_at: '2026-11-21T12:00:00.000Z',
      },
    },
    201,
  );

function renderPage() {
  const user = setupUser();
  renderWithApp(<VipPage />, { path: '/vip', route: '/vip' });
  return user;
}

const plan = (name: string) => screen.getByRole('region', { name });

async function openDialog(user: UserEvent, planName = 'Annual') {
  await user.click(await screen.findByRole('button', { name: `Subscribe to ${planName}` }));
  return screen.findByRole('dialog');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  isPaymentsOpen = true;
});

describe('VipPage', () => {
  it('shows the three plans with price, period, badge, MOST POPULAR mark and features', async () => {
    serveSubscriptions();
    renderPage();
    await screen.findByRole('button', { name: 'Subscribe to Monthly' });
    expect(screen.queryByText('Payments are not open yet')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'VIP Membership' })).toBeTruthy();
    expect(within(plan('Monthly')).getByText('$9.99')).toBeTruthy();
    expect(within(plan('Monthly')).getByText('/month')).toBeTruthy();
    expect(within(plan('Annual')).getByText('$99.99')).toBeTruthy();
    expect(within(plan('Annual')).getByText('/year')).toBeTruthy();
    expect(within(plan('Annual')).getByText('Save 17%')).toBeTruthy();
    expect(within(plan('Annual')).getByText('MOST POPULAR')).toBeTruthy();
    expect(within(plan('Premium')).getByText('$199.99')).toBeTruthy();
    expect(within(plan('Premium')).getByText('/year')).toBeTruthy();
    expect(screen.getAllByText('MOST POPULAR')).toHaveLength(1);
    expect(screen.getAllByText('Save 17%')).toHaveLength(1);
    expect(within(plan('Premium')).getByText('Guest-list spots at label events, arranged with you by email')).toBeTruthy();
  });

  it("asks for all required fields before sending, once, and for a valid email", async () => {
    const sent = serveSubscriptions(subscribed);
    const user = renderPage();
    const dialog = await openDialog(user);
    expect(within(dialog).getByText(/Annual, \$99\.99\/year/)).toBeTruthy();
    // In a new tab: the form keeps what was typed.
    const privacy = within(dialog).getByRole('link', { name: 'Privacy Policy' });
    expect([privacy.getAttribute('href'), privacy.getAttribute('target')]).toEqual(['/legal?tab=privacy', '_blank']);

    await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    expect(await within(dialog).findAllByText('Please fill in all required fields')).toHaveLength(1);
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Sam Rivers');
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    expect(within(dialog).getAllByText('Please fill in all required fields')).toHaveLength(1);
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'sam@');
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeTruthy();
    expect(within(dialog).queryByText('Please fill in all required fields')).toBeNull();
    expect(sent).toEqual([]);
  });

  it("reads 'Processing...' while sending, then stores the status, closes and shows the server's notice for 6 s", async () => {
    let answer: () => void = () => undefined;
    const sent = serveSubscriptions(() => new Promise<Response>((resolve) => (answer = () => resolve(subscribed()))));
    const user = renderPage();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Sam Rivers');
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'Sam@Example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));

    const processing = within(dialog).getByRole('button', { name: 'Processing...' }) as HTMLButtonElement;
    expect(processing.disabled).toBe(true);
    expect(localStorage.getItem('vipSubscriptionStatus')).toBeNull();
    expect(sent).toEqual([{ url: '/api/subscribe-vip', body: { name: 'Sam Rivers', email: 'Sam@Example.com', plan: 'annual' } }]);

    // From here the clock is the test's: the notice must hide by itself after 6000 ms, not before.
    // Small steps, so that each step's render schedules the next timer (answer, transitions).
    vi.useFakeTimers();
    const advance = async (ms: number) => {
      for (let step = 0; step < ms; step += 100) await act(async () => vi.advanceTimersByTimeAsync(100));
    };
    answer();
    await advance(400);
    expect(screen.getByText(welcome)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const stored = JSON.parse(localStorage.getItem('vipSubscriptionStatus') ?? 'null') as Record<string, unknown>;
    expect(stored).toEqual({ subscribed: true, plan: 'annual', email: 'sam@example.com', timestamp: expect.any(String) });
    expect(Number.isNaN(Date.parse(stored.timestamp as string))).toBe(false);
    expect(screen.getByText("You're on the list for the Annual plan as sam@example.com.")).toBeTruthy();
    // Issue 15: every plan still said SUBSCRIBE; the visitor's own plan says so.
    const annual = screen.getByRole('region', { name: 'Annual' });
    expect(within(annual).getByRole('button', { name: 'Your plan' }).hasAttribute('disabled')).toBe(true);
    expect(within(annual).queryByRole('button', { name: 'Subscribe to Annual' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Subscribe to Monthly' })).toBeTruthy();

    await advance(5400);
    expect(screen.queryByText(welcome)).not.toBeNull();
    await advance(1500);
    expect(screen.queryByText(welcome)).toBeNull();
  });

  it("shows the server's message, else the product's fallbacks, and keeps the dialog open", async () => {
    serveSubscriptions(
      () => json({ success: false, error: 'Too many requests. Please try again in 10 minutes.', message: 'Too many requests. Please try again in 10 minutes.', reqId: 'r' }, 429),
      () => new Response('<html>Bad gateway</html>', { status: 502 }),
      () => Promise.reject(new TypeError('Failed to fetch')),
    );
    const user = renderPage();
    const dialog = await openDialog(user, 'Premium');
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Kim');
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'kim@example.com');
    const subscribe = () => user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    await subscribe();
    await within(dialog).findByText('Too many requests. Please try again in 10 minutes.');
    await subscribe();
    await within(dialog).findByText('Failed to process subscription');
    await subscribe();
    await within(dialog).findByText('Error processing subscription. Please try again.');
    expect(localStorage.getItem('vipSubscriptionStatus')).toBeNull();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('shows a status stored earlier', async () => {
    serveSubscriptions();
    localStorage.setItem('vipSubscriptionStatus', JSON.stringify({ subscribed: true, plan: 'premium', email: 'kim@example.com', timestamp: '2026-11-20T10:00:00.000Z' }));
    renderPage();
    await screen.findByText("You're on the list for the Premium plan as kim@example.com.");
  });

  it('ignores a stored status that is not one', async () => {
    serveSubscriptions();
    localStorage.setItem('vipSubscriptionStatus', '{not json');
    renderPage();
    await act(async () => undefined);
    expect(screen.queryByText(/You're on the list/)).toBeNull();
  });

  describe('while payments are not open', () => {
    const asked = 'Check your inbox: confirm your address there, and we email you once when payments open.';

    it('says so and offers the waiting list instead of Subscribe and prices, the plans still saying what they give', async () => {
      isPaymentsOpen = false;
      const sent = serveSubscriptions(() => json({ success: true, message: asked }, 202));
      const user = renderPage();
      const waiting = await screen.findByRole('region', { name: 'Payments are not open yet' });
      expect(screen.queryByRole('button', { name: /^Subscribe/ })).toBeNull();
      expect(screen.queryByText('$99.99')).toBeNull();
      expect(screen.queryByText('/year')).toBeNull();
      expect(within(plan('Premium')).getByText('Guest-list spots at label events, arranged with you by email')).toBeTruthy();

      const join = within(waiting).getByRole('button', { name: 'Join the waiting list' });
      await user.click(join);
      expect(await within(waiting).findByText('Please enter a valid email address')).toBeTruthy();
      await user.type(within(waiting).getByRole('textbox', { name: /^Email/ }), 'Sam@Example.com');
      await user.click(join);
      expect(await within(waiting).findByText(asked)).toBeTruthy();
      expect(sent).toEqual([{ url: '/api/vip/waiting-list', body: { email: 'Sam@Example.com' } }]);
      expect(localStorage.getItem('vipSubscriptionStatus')).toBeNull();
    });

    it("shows the server's refusal and keeps the form", async () => {
      isPaymentsOpen = false;
      serveSubscriptions(() => json({ success: false, error: 'Too many requests. Please try again in 10 minutes.', message: 'Too many requests. Please try again in 10 minutes.', reqId: 'r' }, 429));
      const user = renderPage();
      const waiting = await screen.findByRole('region', { name: 'Payments are not open yet' });
      await user.type(within(waiting).getByRole('textbox', { name: /^Email/ }), 'kim@example.com');
      await user.click(within(waiting).getByRole('button', { name: 'Join the waiting list' }));
      expect(await within(waiting).findByText('Too many requests. Please try again in 10 minutes.')).toBeTruthy();
      expect(within(waiting).getByRole('button', { name: 'Join the waiting list' })).toBeTruthy();
    });
  });
});
