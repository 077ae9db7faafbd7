import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Release } from '../../../../shared/api/catalog.js';
import { aRelease } from '../../../../../tests/helpers/catalog-builders.js';
import { renderWithApp, setupUser } from '../../../../../tests/helpers/render.js';
import { BuyRelease } from '../../../lib/shop-slot.js';

const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Answers POST /api/orders with the given answers in turn, recording each body sent. */
function serveOrders(...answers: Response[]): unknown[] {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    expect(String(input)).toBe('/api/orders');
    sent.push(JSON.parse(String(init.body)));
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
    renderWithApp(<BuyRelease release={aRelease({ for_sale: true, upcoming: true, release_date: '2026-12-04', price: { amount: 9, currency: 'USD', pay_what_you_want: false } })} />);
    expect(screen.getByRole('button', { name: 'Pre-order $9.00' })).toBeTruthy();
    expect(screen.getByText('Pre-order: you pay now, and the download email arrives when it comes out on 4 December 2026.')).toBeTruthy();
  });

  it('takes an email and, pay-what-you-want, an amount at least the minimum, naming the field at fault, then goes to Checkout', async () => {
    const user = setupUser();
    const sent = serveOrders(
      json({ success: false, error: 'Please enter a valid email address', message: 'Please enter a valid email address', field: 'email' }, 400),
      json({ success: true, data: { checkoutUrl: 'https://checkout.example/pay/cs_1' } }, 200),
    );
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
      { release_id: release.id, email: 'fan@example.com', amount: 12.5 },
      { release_id: release.id, email: 'fan@example.com', amount: 12.5 },
    ]);
  });
});
