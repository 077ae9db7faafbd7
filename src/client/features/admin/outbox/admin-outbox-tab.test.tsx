import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EmailSuppression, OutboxEmail } from '../../../../shared/api/messaging.js';
import { json, renderAdmin, serveAdminApi, storeToken, verified } from '../../../../../tests/helpers/admin-routes.js';
import { serveInboxApi } from '../components/inbox-test-support.js';
import { setupUser } from '../../../../../tests/helpers/render.js';

afterEach(() => vi.unstubAllGlobals());

const failed: OutboxEmail = {
  id: '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b',
  kind: 'demo_received',
  label: 'tech',
  to: ['mara@example.com'],
  subject: 'We received your demo',
  status: 'failed',
  attempts: 1,
  last_error: '550 5.1.1 mailbox unavailable',
  created_at: '2026-11-20T10:00:00.000Z',
  send_after: null,
  retry_at: null,
  sent_at: null,
  has_body: true,
  message_id: '<abc@build-it.example>',
  html: '<p>Thanks, <b>Mara</b></p>',
  text: 'Thanks, Mara',
  headers: {},
};
const old: OutboxEmail = { ...failed, id: '6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d', subject: 'Welcome to VIP', kind: 'vip_welcome', status: 'sent', last_error: null, has_body: false, html: null, text: null, sent_at: '2026-08-01T10:00:00.000Z' };
const row = ({ message_id: _m, html: _h, text: _t, headers: _x, ...rest }: OutboxEmail) => rest;
const noBounces = json({ success: true, data: [], total: 0, offset: 0, limit: 10 });
const bounced: EmailSuppression = { email: 'gone@example.com', reason: '550 No such user here', email_id: failed.id, created_at: '2026-11-21T09:00:00.000Z' };

describe('AdminOutboxTab', () => {
  it('lists emails with their status and failure reason, opens one to read it, and resends a failed one', async () => {
    const sent = serveAdminApi({
      'GET /api/admin/verify-admin-token': verified,
      'GET /api/admin/outbox': json({ success: true, data: [row(failed), row(old)], total: 2, offset: 0, limit: 20 }),
      [`GET /api/admin/outbox/${failed.id}`]: json({ success: true, data: failed }),
      [`GET /api/admin/outbox/${old.id}`]: json({ success: true, data: old }),
      [`POST /api/admin/outbox/${failed.id}/resend`]: json({ success: true, data: { ...failed, status: 'waiting' } }),
      'GET /api/admin/email-suppressions': noBounces,
    });
    storeToken('jwt-good');
    const user = setupUser();
    renderAdmin('/admin/outbox');
    const table = await screen.findByRole('table', { name: 'Emails' });
    await within(table).findByRole('button', { name: 'We received your demo' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('We received your demo');
    expect(within(rows[1] as HTMLElement).getByText('Failed')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('550 5.1.1 mailbox unavailable')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Sent')).toBeTruthy();

    await user.click(within(table).getByRole('button', { name: 'We received your demo' }));
    const dialog = await screen.findByRole('dialog', { name: 'We received your demo' });
    expect(within(dialog).getByText('<abc@build-it.example>')).toBeTruthy();
    expect(within(dialog).getByTitle('Email HTML').getAttribute('srcdoc')).toBe('<p>Thanks, <b>Mara</b></p>');
    expect(within(dialog).getByTitle('Email HTML').getAttribute('sandbox')).toBe('');
    await user.click(within(dialog).getByRole('tab', { name: 'Plain text' }));
    expect(within(dialog).getByLabelText('Email text').textContent).toBe('Thanks, Mara');

    await user.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect(await within(dialog).findByText('Waiting')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Resend' })).toBeNull();
    expect(sent.filter((s) => s.method === 'POST').map((s) => [s.path, s.authorization])).toEqual([[`/api/admin/outbox/${failed.id}/resend`, 'Bearer jwt-good']]);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(within(table).getByRole('button', { name: 'Welcome to VIP' }));
    const older = await screen.findByRole('dialog', { name: 'Welcome to VIP' });
    expect(await within(older).findByText(/The text of this email is gone/)).toBeTruthy();
    expect(within(older).queryByRole('button', { name: 'Resend' })).toBeNull();
  });

  it('filters by status on the server', async () => {
    const { queries } = serveInboxApi({
      'GET /api/admin/verify-admin-token': verified,
      'GET /api/admin/outbox': json({ success: true, data: [], total: 0, offset: 0, limit: 20 }),
      'GET /api/admin/email-suppressions': noBounces,
    });
    storeToken('jwt-good');
    const user = setupUser();
    renderAdmin('/admin/outbox');
    expect(await screen.findByText('No emails yet')).toBeTruthy();
    expect(await screen.findByText('No address has bounced')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Not sent: no SMTP server' }));
    expect(await screen.findByText('No emails match these filters')).toBeTruthy();
    expect(queries('/api/admin/outbox').map((query) => query.status)).toEqual([undefined, 'not_configured']);
  });

  it('lists the addresses that bounced with the server\'s answer, and lifts one', async () => {
    const sent = serveAdminApi({
      'GET /api/admin/verify-admin-token': verified,
      'GET /api/admin/outbox': json({ success: true, data: [], total: 0, offset: 0, limit: 20 }),
      'GET /api/admin/email-suppressions': [json({ success: true, data: [bounced], total: 1, offset: 0, limit: 10 }), noBounces],
      'DELETE /api/admin/email-suppressions/gone%40example.com': json({ success: true, message: 'gone@example.com was lifted: bulk mail reaches it again' }),
    });
    storeToken('jwt-good');
    const user = setupUser();
    renderAdmin('/admin/outbox');
    const table = await screen.findByRole('table', { name: 'Addresses that bounced' });
    expect(await within(table).findByText('gone@example.com')).toBeTruthy();
    expect(within(table).getByText('550 No such user here')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'Lift gone@example.com' }));
    expect(await screen.findByText('gone@example.com was lifted: bulk mail reaches it again')).toBeTruthy();
    expect(await within(table).findByText('No address has bounced')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'DELETE').map((s) => [s.path, s.authorization])).toEqual([['/api/admin/email-suppressions/gone%40example.com', 'Bearer jwt-good']]);
  });
});
