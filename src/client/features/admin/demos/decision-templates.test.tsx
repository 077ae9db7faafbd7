import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EmailTemplate } from '../../../../shared/api/messaging.js';
import { failure, json, renderAdmin, storeToken, verified, type Answer } from '../../../../../tests/helpers/admin-routes.js';
import { serveInboxApi } from '../components/inbox-test-support.js';
import { setupUser } from '../../../../../tests/helpers/render.js';

afterEach(() => vi.unstubAllGlobals());

const accepted: EmailTemplate = {
  label: 'buildit-records',
  status: 'accepted',
  subject: 'Good news about {trackName}',
  body: 'Hi {artistName},\n\nWe want to release it.',
  is_default: true,
  updated_at: null,
  updated_by: null,
};
const templates = [accepted, { ...accepted, status: 'declined' as const, subject: 'About {trackName}' }];

/** The preview answers what it was sent, as the server's sample would read. */
const preview: Answer = () => new Response(JSON.stringify({ success: true, data: { subject: 'Good news about Night Shift', html: '<p>Hi Mara Q</p>', text: 'Hi Mara Q' } }), { headers: { 'Content-Type': 'application/json' } });

async function openTemplates(saveAnswer: Answer) {
  const api = serveInboxApi({
    'GET /api/admin/verify-admin-token': verified,
    'GET /api/admin/demos': json({ success: true, data: [], total: 0, offset: 0, limit: 20 }),
    'GET /api/admin/email-templates': json({ success: true, data: templates }),
    'POST /api/admin/email-templates/preview': preview,
    'PUT /api/admin/email-templates/buildit-records/accepted': saveAnswer,
  });
  storeToken('jwt-good');
  const user = setupUser();
  renderAdmin('/admin/demos');
  await user.click(await screen.findByRole('button', { name: 'Decision emails' }));
  const dialog = await screen.findByRole('dialog', { name: 'Decision emails' });
  return { ...api, user, dialog };
}

describe('Decision emails', () => {
  it("edits a label's accepted email with a live preview, and saves it with the token", async () => {
    const { user, dialog, sent } = await openTemplates(json({ success: true, data: { ...accepted, subject: 'Yes to {trackName}', is_default: false } }));
    const subject = (await within(dialog).findByRole('textbox', { name: 'Subject' })) as HTMLInputElement;
    expect(subject.value).toBe('Good news about {trackName}');
    expect(await within(dialog).findByText('Subject: Good news about Night Shift')).toBeTruthy();
    expect(within(dialog).getByTitle('Email preview').getAttribute('srcdoc')).toBe('<p>Hi Mara Q</p>');

    await user.clear(subject);
    await user.type(subject, 'Yes to {{trackName}'); // '{{' types one brace
    // The preview follows the typing once it pauses.
    await vi.waitFor(() => expect(sent.filter((s) => s.path.endsWith('/preview')).at(-1)?.body).toEqual({
      label: 'buildit-records',
      status: 'accepted',
      subject: 'Yes to {trackName}',
      body: accepted.body,
    }), { timeout: 3000 });

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Decision email saved')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'PUT').map((s) => [s.path, s.authorization, s.body])).toEqual([
      ['/api/admin/email-templates/buildit-records/accepted', 'Bearer jwt-good', { subject: 'Yes to {trackName}', body: accepted.body }],
    ]);
  });

  it("shows the server's refusal of an unknown placeholder", async () => {
    const { user, dialog } = await openTemplates(failure(400, 'Subject may only use the placeholders {artistName}, {trackName}, {labelName}, {statusLink}'));
    const subject = await within(dialog).findByRole('textbox', { name: 'Subject' });
    await user.type(subject, ' {{name}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByText(/may only use the placeholders/)).textContent).toMatch(/^Subject may only use/);
  });

  it('switches to the declined email', async () => {
    const { user, dialog } = await openTemplates(failure(500, 'unused'));
    await within(dialog).findByRole('textbox', { name: 'Subject' });
    await user.click(within(dialog).getByRole('button', { name: 'Declined' }));
    expect((within(dialog).getByRole('textbox', { name: 'Subject' }) as HTMLInputElement).value).toBe('About {trackName}');
  });
});
