import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { admin, failure, json, renderAdmin, serveAdminApi, storeToken, verified, type Answer } from '../../../../../tests/helpers/admin-routes.js';
import { setupUser } from '../../../../../tests/helpers/render.js';

afterEach(() => vi.unstubAllGlobals());

async function openEmailSettings(saveAnswer: Answer, signedIn: Answer = verified) {
  const sent = serveAdminApi({
    'GET /api/admin/verify-admin-token': signedIn,
    'GET /api/admin/account/email': json({ success: true, data: { email: 'old@example.com', digest_labels: ['buildit-tech'] } }),
    'GET /api/admin/backups': json({ success: true, data: { last: null, failed: null, everyHours: 24, keep: 7 } }),
    'GET /api/admin/payments': json({ success: true, data: { connected: false, webhook: { source: 'none', url: null, events: [] } } }),
    'PUT /api/admin/account/email': saveAnswer,
  });
  storeToken('jwt-good');
  const user = setupUser();
  renderAdmin('/admin/settings');
  const section = await screen.findByRole('region', { name: 'Email' });
  const address = (await within(section).findByRole('textbox', { name: 'Email address' })) as HTMLInputElement;
  return { sent, user, section, address, saves: () => sent.filter((s) => s.method === 'PUT').map((s) => [s.body, s.authorization]) };
}

describe('Settings → Email', () => {
  it('shows the saved address and digest labels, and saves the changes with the token', async () => {
    const saved = { email: 'me@example.com', digest_labels: ['buildit-tech', 'buildit-deep'] };
    const { user, section, address, saves } = await openEmailSettings(json({ success: true, data: saved }));
    expect(address.value).toBe('old@example.com');
    const tech = within(section).getByRole('checkbox', { name: 'Build It Tech' }) as HTMLInputElement;
    expect(tech.checked).toBe(true);
    expect((within(section).getByRole('checkbox', { name: 'Build It Records' }) as HTMLInputElement).checked).toBe(false);

    await user.clear(address);
    await user.type(address, 'me@example.com');
    await user.click(within(section).getByRole('checkbox', { name: 'Build It Deep' }));
    await user.click(within(section).getByRole('button', { name: 'Save email settings' }));
    expect(await screen.findByText('Email settings saved')).toBeTruthy();
    expect(saves()).toEqual([[saved, 'Bearer jwt-good']]);
  });

  it('refuses a malformed address before sending, and shows the server refusal', async () => {
    const { user, section, address, saves } = await openEmailSettings(failure(400, 'A digest needs an email address'));
    await user.clear(address);
    await user.type(address, 'me@');
    await user.click(within(section).getByRole('button', { name: 'Save email settings' }));
    expect(within(section).getByText('Please enter a valid email address')).toBeTruthy();
    expect(saves()).toEqual([]);

    await user.clear(address);
    await user.click(within(section).getByRole('button', { name: 'Save email settings' }));
    expect((await within(section).findByRole('alert')).textContent).toBe('A digest needs an email address');
    expect(saves()).toEqual([[{ email: null, digest_labels: ['buildit-tech'] }, 'Bearer jwt-good']]);
  });

  it('offers an editor no digest (it lists demos, which are not theirs), and saves none', async () => {
    const editor = json({ success: true, message: 'Token is valid', data: { user: { ...admin, role: 'editor' } } });
    const saved = { email: 'me@example.com', digest_labels: [] };
    const { user, section, address, saves } = await openEmailSettings(json({ success: true, data: saved }), editor);
    expect(within(section).queryByRole('checkbox')).toBeNull();
    expect(within(section).queryByText('Daily digest of new demos')).toBeNull();
    await user.clear(address);
    await user.type(address, 'me@example.com');
    await user.click(within(section).getByRole('button', { name: 'Save email settings' }));
    expect(await screen.findByText('Email settings saved')).toBeTruthy();
    expect(saves()).toEqual([[saved, 'Bearer jwt-good']]);
  });
});
