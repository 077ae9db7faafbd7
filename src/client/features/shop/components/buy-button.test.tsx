import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Release, ReleaseTrack } from '../../../../shared/api/catalog.js';
import type { VipSession } from '../../../../shared/api/vip-account.js';
import { applySiteSettings, currentSiteSettings } from '../../../../shared/site-settings.js';
import { aRelease, aTrack } from '../../../../../tests/helpers/catalog-builders.js';
import { renderWithApp, setupUser } from '../../../../../tests/helpers/render.js';
import { BuyRelease } from '../../../lib/shop-slot.js';

const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Answers GET /api/vip/session with `session` (the member signed in; else null, as the server answers a
 * visitor) and each order with the given answers in turn, recording where each order went and its body.
 */
function serveOrders(answers: Response[], session: VipSession = null): { url: string; body: unknown }[] {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (String(input) === '/api/vip/session') return json({ success: true, data: session }, 200);
    sent.push({ url: String(input), body: JSON.parse(String(init.body)) });
    return answers[Math.min(sent.length - 1, answers.length - 1)] as Response;
  });
  return sent;
}

describe('the Buy button of a release page', () => {
  it('says the price, and shows nothing for a release not for sale', () => {
    const shown = (release: Release) => {
      const { unmount } = renderWithApp(<BuyRelease release={release} />);
      const names = screen.queryAllByRole('button').map((button) => button.textContent);
      unmount();
      return names;
    };
    expect(shown(aRelease({ for_sale: true, price: { amount: 7.99, currency: 'EUR', pay_what_you_want: false } }))).toEqual(['Buy €7.99']);
    expect(shown(aRelease({ for_sale: true, price: { amount: 0, currency: 'EUR', pay_what_you_want: false } }))).toEqual(['Free download']);
    expect(shown(aRelease({ for_sale: false, price: { amount: 7.99, currency: 'EUR', pay_what_you_want: false } }))).toEqual([]);
  });

  it("says an upcoming release is a pre-order: paid now, its download email at the release moment", () => {
    renderWithApp(<BuyRelease release={aRelease({ for_sale: true, upcoming: true, release_date: '2026-12-04', price: { amount: 9, currency: 'USD', pay_what_you_want: false }, tracks: [aTrack()] })} />);
    expect(screen.getByRole('button', { name: 'Pre-order $9.00' })).toBeTruthy();
    const notes = screen.getByRole('region', { name: /^Buy / });
    expect(notes.textContent).toBe('Pre-order $9.00Pre-order: you pay now, and the download email arrives when it comes out on 4 December 2026.');
  });

  it("names a pre-order's instant grats, which download at once", () => {
    const preOrder = (tracks: ReleaseTrack[]) => aRelease({ for_sale: true, upcoming: true, release_date: '2026-12-04', price: { amount: 9, currency: 'USD', pay_what_you_want: false }, tracks });
    const { unmount } = renderWithApp(
      <BuyRelease release={preOrder([aTrack({ title: 'Track A', instant_grat: true }), aTrack({ title: 'Track B', mix_version: 'Dub', instant_grat: true }), aTrack({ title: 'Track C' })])} />,
    );
    expect(screen.getByText('“Track A” and “Track B (Dub)” download at once.')).toBeTruthy();
    unmount();
    renderWithApp(<BuyRelease release={preOrder([aTrack({ title: 'Track A', instant_grat: true }), aTrack({ title: 'Track C' })])} />);
    expect(screen.getByText('“Track A” downloads at once.')).toBeTruthy();
  });

  it('takes an email and, pay-what-you-want, an amount at least the minimum, naming the field at fault, then goes to Checkout', async () => {
    const user = setupUser();
    const sent = serveOrders([
      json({ success: false, error: 'Please enter a valid email address', message: 'Please enter a valid email address', field: 'email' }, 400),
      json({ success: true, data: { checkoutUrl: 'https://checkout.example/pay/cs_1' } }, 200),
    ]);
    const release = aRelease({ title: 'Deep Cuts', for_sale: true, price: { amount: 5, currency: 'EUR', pay_what_you_want: true } });
    renderWithApp(<BuyRelease release={release} />);
    expect(screen.getByText('€5.00 or more')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Name your price' }));

    const dialog = await screen.findByRole('dialog', { name: 'Name your price: Deep Cuts' });
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (EUR)' });
    expect((amount as HTMLInputElement).value).toBe('5.00');
    await user.clear(amount);
    await user.type(amount, '4,50');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'fan@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Amount must be at least EUR 5.00')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '12,5');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    // The server's refusal, under its field.
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByRole('button', { name: 'Processing...' })).toBeTruthy();
    expect(sent).toEqual([
      { url: '/api/orders', body: { release_id: release.id, email: 'fan@example.com', amount: 12.5 } },
      { url: '/api/orders', body: { release_id: release.id, email: 'fan@example.com', amount: 12.5 } },
    ]);
  });

  it('on a track sold alone says its price, and buys that track through the same form', async () => {
    const user = setupUser();
    const release = aRelease({ title: 'Deep Cuts', for_sale: true, price: { amount: 7.99, currency: 'EUR', pay_what_you_want: false } });
    const shown = (track: ReturnType<typeof aTrack>) => {
      const { unmount } = renderWithApp(<BuyRelease release={release} track={track} />);
      const names = screen.queryAllByRole('button').map((button) => [button.textContent, button.getAttribute('aria-label')]);
      unmount();
      return names;
    };
    expect(shown(aTrack({ title: 'Side A', for_sale: true, price: { amount: 1.29, currency: 'EUR', pay_what_you_want: false } }))).toEqual([['Buy €1.29', 'Buy €1.29: Side A']]);
    expect(shown(aTrack({ title: 'Side B', for_sale: true, price: { amount: 0, currency: 'EUR', pay_what_you_want: false } }))).toEqual([['Free', 'Free: Side B']]);
    expect(shown(aTrack({ title: 'Side C', for_sale: true, price: { amount: 0, currency: 'EUR', pay_what_you_want: true } }))).toEqual([['Name your price', 'Name your price: Side C']]);
    // Priced but not for sale alone (its master not uploaded), or not priced: no button.
    expect(shown(aTrack({ for_sale: false, price: { amount: 1.29, currency: 'EUR', pay_what_you_want: false } }))).toEqual([]);
    expect(shown(aTrack({ for_sale: false, price: null }))).toEqual([]);

    const sent = serveOrders([json({ success: true, data: { checkoutUrl: 'https://checkout.example/pay/cs_2' } }, 200)]);
    const track = aTrack({ title: 'Side A', mix_version: 'Dub', for_sale: true, price: { amount: 1.29, currency: 'EUR', pay_what_you_want: false } });
    renderWithApp(<BuyRelease release={release} track={track} />);
    await user.click(screen.getByRole('button', { name: 'Buy €1.29: Side A (Dub)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy €1.29: Side A (Dub) (from Deep Cuts)' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'fan@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByRole('button', { name: 'Processing...' })).toBeTruthy();
    expect(sent).toEqual([{ url: '/api/orders', body: { release_id: release.id, track_id: track.id, email: 'fan@example.com' } }]);
  });

  describe("a VIP member's discount", () => {
    const settings = currentSiteSettings();
    afterEach(() => applySiteSettings(settings));
    const withDiscounts = (memberDiscounts: Record<string, number>) => applySiteSettings({ ...settings, shop: { ...settings.shop, memberDiscounts } });
    const member = (status: NonNullable<VipSession>['status']): VipSession => ({ plan: 'monthly', status });

    it("shows an active member their plan's price in the dialog and on the button, and buys as the member", async () => {
      withDiscounts({ monthly: 10 });
      const user = setupUser();
      const sent = serveOrders([json({ success: true, data: { checkoutUrl: 'https://checkout.example/pay/cs_2' } }, 200)], member('active'));
      const release = aRelease({ title: 'Members Cut', for_sale: true, price: { amount: 7.99, currency: 'EUR', pay_what_you_want: false } });
      renderWithApp(<BuyRelease release={release} />);
      expect(screen.queryByText(/VIP price/)).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Buy €7.99' }));
      const dialog = await screen.findByRole('dialog', { name: 'Buy €7.99: Members Cut' });
      // The email typed while the membership is asked stays.
      await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'vip@example.com');
      expect(await within(dialog).findByText('VIP price €7.19 (10% off)')).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
      expect(await within(dialog).findByRole('button', { name: 'Processing...' })).toBeTruthy();
      expect(sent).toEqual([{ url: '/api/vip/orders', body: { release_id: release.id, email: 'vip@example.com' } }]);
      // The tab knows the member now: the button's note says the price too.
      expect(screen.getAllByText('VIP price €7.19 (10% off)')).toHaveLength(2);
    });

    it('lowers a pay-what-you-want minimum for an active member, and shows a member who is not active the price', async () => {
      withDiscounts({ monthly: 10 });
      const user = setupUser();
      const sent = serveOrders([json({ success: true, data: { checkoutUrl: 'https://checkout.example/pay/cs_3' } }, 200)], member('active'));
      const release = aRelease({ title: 'Name It', for_sale: true, price: { amount: 5, currency: 'EUR', pay_what_you_want: true } });
      const { unmount } = renderWithApp(<BuyRelease release={release} />);
      await user.click(screen.getByRole('button', { name: 'Name your price' }));
      const dialog = await screen.findByRole('dialog', { name: 'Name your price: Name It' });
      expect(await within(dialog).findByText('VIP price: €4.50 or more (10% off)')).toBeTruthy();
      const amount = within(dialog).getByRole('textbox', { name: 'Amount (EUR)' }) as HTMLInputElement;
      expect(amount.value).toBe('4.50');
      await user.clear(amount);
      await user.type(amount, '4.49');
      await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'vip@example.com');
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
      expect(await within(dialog).findByText('Amount must be at least EUR 4.50')).toBeTruthy();
      await user.clear(amount);
      await user.type(amount, '4.50');
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
      expect(await within(dialog).findByRole('button', { name: 'Processing...' })).toBeTruthy();
      expect(sent).toEqual([{ url: '/api/vip/orders', body: { release_id: release.id, email: 'vip@example.com', amount: 4.5 } }]);
      unmount();

      serveOrders([], member('past_due'));
      renderWithApp(<BuyRelease release={release} />);
      await user.click(screen.getByRole('button', { name: 'Name your price' }));
      const again = await screen.findByRole('dialog', { name: 'Name your price: Name It' });
      await waitFor(() => expect(within(again).getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', false));
      expect(within(again).queryByText(/VIP price/)).toBeNull();
      expect((within(again).getByRole('textbox', { name: 'Amount (EUR)' }) as HTMLInputElement).value).toBe('5.00');
    });
  });
});
