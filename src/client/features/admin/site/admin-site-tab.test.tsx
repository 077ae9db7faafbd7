import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSiteSettings, type SettingsChange, type SiteSettings } from '../../../../shared/api/settings.js';
import { applySiteSettings } from '../../../../shared/site-settings.js';
import { failure, json, renderAdmin, serveAdminApi, storeToken, verified, type Answer } from '../../../../../tests/helpers/admin-routes.js';
import { setupUser } from '../../../../../tests/helpers/render.js';

afterEach(() => {
  vi.unstubAllGlobals();
  // A save hands its answer to the settings this browser draws pages with: the next test starts from the defaults.
  applySiteSettings(defaultSiteSettings);
});

const settingsAnswer = (data: SiteSettings) => json({ success: true, data });
const withLabel = (label: 'tech', part: Partial<SiteSettings['labels']['tech']>): SiteSettings => ({
  ...defaultSiteSettings,
  labels: { ...defaultSiteSettings.labels, [label]: { ...defaultSiteSettings.labels[label], ...part } },
});

async function openSite(path: string, table: Record<string, Answer | Answer[]> = {}) {
  const sent = serveAdminApi({
    'GET /api/admin/verify-admin-token': verified,
    'GET /api/admin/settings': settingsAnswer(defaultSiteSettings),
    'GET /api/admin/settings/changes': json({ success: true, data: [] }),
    ...table,
  });
  storeToken('jwt-good');
  const user = setupUser();
  renderAdmin(path);
  return { sent, user, writes: () => sent.filter((s) => s.method !== 'GET').map((s) => [s.method, s.path, s.body]) };
}

const preview = () => screen.getByRole('figure');
const textbox = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/** Replaces a box's text as a paste does: one change, where typing re-draws the form and its preview at each key. */
async function retype(user: ReturnType<typeof setupUser>, box: HTMLElement, text: string) {
  await user.clear(box);
  await user.paste(text);
}

describe('Admin Site → Labels', () => {
  it('previews the label as it is typed, and saves that label only, without its logo', async () => {
    const saved = withLabel('tech', { name: 'Tech Side', tagline: 'Loud and late', accent: '#FFAA00' });
    const { user, writes } = await openSite('/admin/site?label=tech', { 'PATCH /api/admin/settings': settingsAnswer(saved) });
    const name = (await screen.findByLabelText('Name')) as HTMLInputElement;
    expect(name.value).toBe('Build It Tech');
    expect(within(preview()).getByRole('heading', { level: 1 }).textContent).toBe('Build It Tech');
    const save = screen.getByRole('button', { name: 'Save label' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    await retype(user, name, 'Tech Side');
    await retype(user, textbox('Tagline'), 'Loud and late');
    await retype(user, textbox('Accent colour'), '#FFAA00');
    expect(within(preview()).getByRole('heading', { level: 1 }).textContent).toBe('Tech Side');
    expect(within(preview()).getByText('Loud and late')).toBeTruthy();
    expect(screen.getByText(/^Contrast on the site's background: 11\.\d:1, readable$/)).toBeTruthy();
    expect(save.disabled).toBe(false);

    await user.click(save);
    expect(await screen.findByText('Label saved: the site shows it now')).toBeTruthy();
    const { logo: _logo, ...label } = saved.labels.tech;
    expect(writes()).toEqual([['PATCH', '/api/admin/settings', { labels: { tech: label } }]]);
    expect(screen.getByRole('heading', { level: 2, name: 'Tech Side' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save label' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses an unreadable accent before sending, and shows a refusal the server names on its field', async () => {
    const { user, writes } = await openSite('/admin/site?label=tech', {
      'PATCH /api/admin/settings': json({ success: false, error: 'replyTo refused', message: 'labels.tech.email.replyTo must be a valid email address', field: 'labels.tech.email.replyTo', reqId: 'r1' }, 400),
    });
    const accent = (await screen.findByLabelText('Accent colour')) as HTMLInputElement;
    await retype(user, accent, '#202020');
    expect(screen.getByText(/^Contrast on the site's background: 1\.\d:1, too low \(it needs 4\.5:1\)$/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save label' }));
    expect((await screen.findByText(/^accent must read at 4\.5:1 on the dark theme's background #000000/)).closest('.MuiFormControl-root')?.querySelector('input')).toBe(accent);
    expect(accent.getAttribute('aria-invalid')).toBe('true');
    expect(writes()).toEqual([]);

    await retype(user, accent, '#00BFFF');
    await user.click(screen.getByRole('button', { name: 'Save label' }));
    const replyTo = textbox('Reply-to address');
    await waitFor(() => expect(replyTo.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('labels.tech.email.replyTo must be a valid email address').closest('.MuiFormControl-root')?.querySelector('input')).toBe(replyTo);
    expect(document.activeElement).toBe(replyTo);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(writes()).toHaveLength(1);
  });

  it('uploads a logo at once, shows it in the preview, says what the server refused, and removes it', async () => {
    const logo = '/media/art/logo-0123456789abcdef0123456789abcdef.webp';
    const refusal = { success: false, error: 'Bad Request', message: 'notes.png is not a JPEG, PNG or WebP image', field: 'labels.tech.logo', reqId: 'r2' };
    const { user, sent, writes } = await openSite('/admin/site?label=tech', {
      'POST /api/admin/settings/labels/tech/logo': [json(refusal, 400), settingsAnswer(withLabel('tech', { logo }))],
      'PATCH /api/admin/settings': settingsAnswer(defaultSiteSettings),
    });
    const file = await screen.findByLabelText('Logo file');
    const previewImages = () => [...preview().querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(previewImages()).toEqual([]);
    // The picker offers images by their type; what a file holds is the server's to check.
    await user.upload(file, new File(['text'], 'notes.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe('notes.png is not a JPEG, PNG or WebP image');

    await user.upload(file, new File(['png'], 'our-logo.png', { type: 'image/png' }));
    expect(await screen.findByText('Logo of Build It Tech uploaded')).toBeTruthy();
    const upload = sent.filter((s) => s.method === 'POST').at(-1);
    expect(upload?.body instanceof FormData && (upload.body.get('file') as File).name).toBe('our-logo.png');
    // Beside the form, and in the preview where the label's name heads the navigation and its landing page.
    const form = screen.getByRole('form', { name: 'Build It Tech' });
    expect(within(form).getByRole('img', { name: 'Build It Tech logo' }).getAttribute('src')).toBe(logo);
    expect(previewImages()).toEqual([logo, logo]);

    await user.click(screen.getByRole('button', { name: 'Remove logo' }));
    expect(await screen.findByText('Logo of Build It Tech removed')).toBeTruthy();
    expect(writes().at(-1)).toEqual(['PATCH', '/api/admin/settings', { labels: { tech: { logo: null } } }]);
    expect(within(form).queryByRole('img', { name: 'Build It Tech logo' })).toBeNull();
    expect(previewImages()).toEqual([]);
  });
});

describe('Admin Site → VIP, Shop and Legal', () => {
  it('previews a new price on its plan card and saves the VIP part', async () => {
    const { user, writes } = await openSite('/admin/site/vip', { 'PATCH /api/admin/settings': [failure(500, 'Request failed (500)'), settingsAnswer(defaultSiteSettings)] });
    const price = (await screen.findAllByLabelText('Price'))[1] as HTMLInputElement;
    expect(price.value).toBe('99.99');
    await retype(user, price, '89.5');
    expect(within(preview()).getByText('$89.50')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save VIP plans' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Request failed (500)');
    await user.click(screen.getByRole('button', { name: 'Save VIP plans' }));
    expect(await screen.findByText('VIP plans saved: the VIP page shows them now')).toBeTruthy();
    const plans = defaultSiteSettings.vip.plans.map((plan) => (plan.id === 'annual' ? { ...plan, price: 89.5 } : plan));
    expect(writes()[1]).toEqual(['PATCH', '/api/admin/settings', { vip: { earlyAccessDays: 7, plans } }]);
  });

  it("sets the VIP members' discount per plan, previewed, showing the server's refusal on its plan's box, and saves the shop part", async () => {
    const refusal = json({ success: false, error: 'Bad Request', message: 'shop.memberDiscounts.monthly must be from 0 to 90', field: 'shop.memberDiscounts.monthly' }, 400);
    const saved = { ...defaultSiteSettings, shop: { ...defaultSiteSettings.shop, memberDiscounts: { monthly: 10, annual: 0, premium: 0 } } };
    const { user, writes } = await openSite('/admin/site/shop', { 'PATCH /api/admin/settings': [refusal, settingsAnswer(saved)] });
    const monthly = (await screen.findByLabelText('Monthly discount (%)')) as HTMLInputElement;
    expect(monthly.value).toBe('0');
    expect(within(preview()).getByText('Monthly members: €10.00')).toBeTruthy();
    await retype(user, monthly, '91');
    // The shared schema refuses it before anything is sent.
    await user.click(screen.getByRole('button', { name: 'Save shop settings' }));
    expect(await screen.findByText('shop.memberDiscounts.monthly must be from 0 to 90')).toBeTruthy();
    expect(writes()).toEqual([]);
    await retype(user, monthly, '10');
    expect(within(preview()).getByText('Monthly members: VIP price €9.00 (10% off)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save shop settings' }));
    // The server's refusal (its settings may differ from this page's) shows on the plan's box, focused.
    await waitFor(() => expect(document.activeElement).toBe(monthly));
    expect(screen.getByText('shop.memberDiscounts.monthly must be from 0 to 90')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save shop settings' }));
    expect(await screen.findByText('Shop settings saved')).toBeTruthy();
    const shop = { automaticTax: false, pricesIncludeTax: true, memberDiscounts: { monthly: 10, annual: 0, premium: 0 } };
    expect(writes()).toEqual([
      ['PATCH', '/api/admin/settings', { shop }],
      ['PATCH', '/api/admin/settings', { shop }],
    ]);
  });

  it('edits a section of the privacy policy, previewed, and saves that document with the contact', async () => {
    const { user, writes } = await openSite('/admin/site/legal?document=privacy', { 'PATCH /api/admin/settings': settingsAnswer(defaultSiteSettings) });
    const heading = (await screen.findAllByLabelText('Heading'))[0] as HTMLInputElement;
    expect(heading.value).toBe('In short');
    const paragraphs = screen.getAllByLabelText('Paragraphs')[0] as HTMLTextAreaElement;
    fireEvent.change(paragraphs, { target: { value: 'We keep little.\n\nAnd we sell nothing.' } });
    await retype(user, textbox('Privacy contact'), 'data@label.example');
    expect(within(preview()).getByText('We keep little.')).toBeTruthy();
    expect(within(preview()).getByText('data@label.example')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove section 2' }));
    await user.click(screen.getByRole('button', { name: 'Save privacy policy' }));
    await screen.findByText('Privacy Policy saved: the legal page shows it now');
    const { privacyPolicy, lastUpdated } = defaultSiteSettings.legal;
    const sections = privacyPolicy.sections.filter((_section, index) => index !== 1).map((section, index) => (index === 0 ? { ...section, paragraphs: ['We keep little.', 'And we sell nothing.'] } : section));
    expect(writes()).toEqual([['PATCH', '/api/admin/settings', { legal: { lastUpdated, contactEmail: 'data@label.example', privacyPolicy: { ...privacyPolicy, sections } } }]]);
  });
});

describe('Admin Site → Changes', () => {
  const change: SettingsChange = {
    id: 7,
    at: '2026-11-28T21:05:00.000Z',
    by: 'owner',
    before: { labels: { tech: { name: 'Build It Tech', accent: '#FF0000' } } },
    after: { labels: { tech: { name: 'Tech Side', accent: '#FFAA00' } } },
  };

  it('lists who changed what, before and after, and reverts a change', async () => {
    const revert: SettingsChange = { id: 8, at: '2026-11-28T21:10:00.000Z', by: 'owner', before: change.after, after: change.before };
    const { user, writes } = await openSite('/admin/site/changes', {
      'GET /api/admin/settings/changes': [json({ success: true, data: [change] }), json({ success: true, data: [revert, change] })],
      'POST /api/admin/settings/changes/7/revert': settingsAnswer(defaultSiteSettings),
    });
    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    expect(within(list).getByText('28 Nov 2026, 21:05 UTC by owner')).toBeTruthy();
    expect(within(list).getAllByRole('listitem').slice(1).map((item) => item.textContent)).toEqual([
      'labels.tech.name: "Build It Tech" → "Tech Side"',
      'labels.tech.accent: "#FF0000" → "#FFAA00"',
    ]);
    await user.click(within(list).getByRole('button', { name: 'Revert the change of 28 Nov 2026, 21:05 UTC' }));
    expect(await screen.findByText('The change of 28 Nov 2026, 21:05 UTC is undone')).toBeTruthy();
    expect(await within(list).findByText('28 Nov 2026, 21:10 UTC by owner')).toBeTruthy();
    expect(writes()).toEqual([['POST', '/api/admin/settings/changes/7/revert', undefined]]);
  });
});
