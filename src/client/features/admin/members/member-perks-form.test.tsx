import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminMemberDiscount } from '../../../../shared/api/vip-perks.js';
import { failure, json, serveAdminApi } from '../../../../../tests/helpers/admin-routes.js';
import { renderWithApp, setupUser } from '../../../../../tests/helpers/render.js';
import { MemberPerksForm } from './member-perks-form.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

const saved: NonNullable<AdminMemberDiscount> = {
  code: 'VIP15',
  note: '15% off at the merch store',
  plans: ['premium'],
  updated_at: '2026-11-20T10:00:00.000Z',
  updated_by: 'alice',
};
const answer = (data: AdminMemberDiscount) => json({ success: true, data });

function renderForm(table: Parameters<typeof serveAdminApi>[0]) {
  const sent = serveAdminApi(table);
  const user = setupUser();
  renderWithApp(<MemberPerksForm token="jwt-good" />);
  const changes = () => sent.filter((call) => call.method !== 'GET');
  return { sent, changes, user };
}

const plans = () => screen.getByRole('group', { name: 'Plans whose active members see it' });
const checked = () => within(plans()).getAllByRole('checkbox').map((box) => [box.closest('label')?.textContent, (box as HTMLInputElement).checked]);

describe('Admin Members → Member perks (docs/decisions/0066)', () => {
  it('without a code: every plan ticked; checks the fields before sending, then saves what staff typed for the plans they chose', async () => {
    const { changes, sent, user } = renderForm({
      'GET /api/admin/members/discount': answer(null),
      'PUT /api/admin/members/discount': answer({ code: 'SUMMER-24', note: '20% off tees', plans: ['monthly', 'annual'], updated_at: '2026-11-21T09:00:00.000Z', updated_by: 'staff' }),
    });
    expect(await screen.findByText('No code is set: members see none.')).toBeTruthy();
    expect(checked()).toEqual([['Monthly', true], ['Annual', true], ['Premium', true]]);
    expect(screen.queryByRole('button', { name: 'Remove code' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save discount code' }));
    expect(await screen.findByText('code is required')).toBeTruthy();
    expect(screen.getByText('note is required: say what the code is for')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Discount code' }), 'SUMMER 24');
    await user.type(screen.getByRole('textbox', { name: 'What it is for' }), '20% off tees');
    for (const name of ['Monthly', 'Annual', 'Premium']) await user.click(within(plans()).getByRole('checkbox', { name }));
    await user.click(screen.getByRole('button', { name: 'Save discount code' }));
    expect(await screen.findByText('code may hold only letters, digits, - and _')).toBeTruthy();
    expect(screen.getByText('plans must name at least one plan')).toBeTruthy();
    expect(changes()).toEqual([]);

    const code = screen.getByRole('textbox', { name: 'Discount code' });
    await user.clear(code);
    await user.type(code, 'SUMMER-24');
    await user.click(within(plans()).getByRole('checkbox', { name: 'Monthly' }));
    await user.click(within(plans()).getByRole('checkbox', { name: 'Annual' }));
    await user.click(screen.getByRole('button', { name: 'Save discount code' }));
    expect(await screen.findByText('Members see SUMMER-24 now (set 21 Nov 2026 by staff).')).toBeTruthy();
    expect(changes()).toEqual([
      { method: 'PUT', path: '/api/admin/members/discount', authorization: 'Bearer jwt-good', body: { code: 'SUMMER-24', note: '20% off tees', plans: ['monthly', 'annual'] } },
    ]);
    expect(screen.getByRole('button', { name: 'Remove code' })).toBeTruthy();
    expect(sent.filter((call) => call.method === 'GET')).toHaveLength(1);
  });

  it('shows the saved code and removes it', async () => {
    const { changes, user } = renderForm({ 'GET /api/admin/members/discount': answer(saved), 'DELETE /api/admin/members/discount': answer(null) });
    expect(await screen.findByText('Members see VIP15 now (set 20 Nov 2026 by alice).')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Discount code' }) as HTMLInputElement).value).toBe('VIP15');
    expect((screen.getByRole('textbox', { name: 'What it is for' }) as HTMLInputElement).value).toBe('15% off at the merch store');
    expect(checked()).toEqual([['Monthly', false], ['Annual', false], ['Premium', true]]);

    await user.click(screen.getByRole('button', { name: 'Remove code' }));
    expect(await screen.findByText('No code is set: members see none.')).toBeTruthy();
    expect(changes()).toEqual([{ method: 'DELETE', path: '/api/admin/members/discount', authorization: 'Bearer jwt-good', body: undefined }]);
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Discount code' }) as HTMLInputElement).value).toBe(''));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove code' })).toBeNull());
  });

  it("puts the server's refusal on the field it names", async () => {
    const { user } = renderForm({
      'GET /api/admin/members/discount': answer(saved),
      'PUT /api/admin/members/discount': json({ success: false, error: 'note must be at most 200 characters', message: 'note must be at most 200 characters', field: 'note', reqId: 'r' }, 400),
    });
    await user.click(await screen.findByRole('button', { name: 'Save discount code' }));
    const note = screen.getByRole('textbox', { name: 'What it is for' });
    await waitFor(() => expect(note.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('note must be at most 200 characters')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a failure that names no field', async () => {
    const { user } = renderForm({ 'GET /api/admin/members/discount': answer(saved), 'PUT /api/admin/members/discount': failure(500, 'Something went wrong on our side') });
    await user.click(await screen.findByRole('button', { name: 'Save discount code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong on our side');
  });
});
