import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { findVipPlan, type VipPlan } from '../../../../shared/api/vip.js';
import { findLabel } from '../../../../shared/labels.js';
import type { LabelConfig } from '../../../../shared/site-config.js';
import { DemoDecisionEmail, defaultDecisionTemplates, demoDecisionSubject } from './demo-decision-email.js';
import { DemoReceivedEmail, demoReceivedSubject } from './demo-received-email.js';
import { ReleaseAlertConfirmEmail, ReleaseAlertEmail, releaseAlertConfirmSubject, releaseAlertSubject } from './release-alert-emails.js';
import { renderEmail } from './render-email.js';
import { StaffDigestEmail, staffDigestSubject } from './staff-digest-email.js';
import { VipWelcomeEmail, vipWelcomeSubject } from './vip-welcome-email.js';

// Every email in both its parts: the label's name and colour, the content, and why it was sent.

const deep = findLabel('deep') as LabelConfig;
const tech = findLabel('tech') as LabelConfig;
const records = findLabel('records') as LabelConfig;
const statusUrl = 'https://records.example/demo-status/AbCdEfGhIjKlMnOpQrStUvWx';

function expectInBoth(parts: { html: string; text: string }, ...texts: string[]) {
  for (const text of texts) {
    expect(parts.text, text).toContain(text);
    expect(parts.html.replace(/<!-- -->/g, ''), text).toContain(text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
  }
}

describe('email templates', () => {
  it('"Demo received" names every artist and track, the review time, the status link and why it was sent, with nothing from the form in its subject', async () => {
    const props = { label: deep, artistNames: ['Mara Q', 'Jo B'], trackNames: ['Night Shift'], to: ['mara@example.com'], statusUrl, submittedOn: '21 November 2026' };
    const parts = await renderEmail(createElement(DemoReceivedEmail, props));
    expect(demoReceivedSubject(props)).toBe('Build It Deep received your demo');
    expectInBoth(parts, 'Hi Mara Q and Jo B,', '“Night Shift” to Build It Deep', 'within 7 business days', statusUrl);
    expectInBoth(parts, 'You get this email because mara@example.com was given as the contact address of a demo sent to Build It Deep on 21 November 2026.');
    expect(parts.html).toContain(deep.accent);
    expect(parts.html).toContain(`href="${statusUrl}"`);
  });

  it.each(['shortlisted', 'accepted', 'declined'] as const)('the default %s email fills its placeholders', async (status) => {
    const values = { artistName: 'Mara Q', trackName: 'Night Shift', labelName: 'Build It Tech', statusLink: statusUrl };
    const props = { label: tech, status, template: defaultDecisionTemplates[status], values, to: ['mara@example.com'] };
    const parts = await renderEmail(createElement(DemoDecisionEmail, props));
    expect(demoDecisionSubject(props)).toContain('Night Shift');
    expectInBoth(parts, 'Hi Mara Q,', 'Night Shift', 'You get this email because mara@example.com sent a demo to Build It Tech');
    expect(parts.text).not.toMatch(/\{\w+\}/);
    expect(parts.html).toContain(tech.accent);
  });

  it('a staff-written decision is text: markup in it is escaped, blank lines part paragraphs, the status link is a link', async () => {
    const template = { subject: '{trackName} <signed>', body: 'Hi {artistName},\n\n<script>alert(1)</script> & $& more\n\nSee {statusLink}' };
    const values = { artistName: '<b>Mara</b>', trackName: 'Night Shift', labelName: 'Build It Deep', statusLink: statusUrl };
    const props = { label: deep, status: 'accepted' as const, template, values, to: ['mara@example.com'] };
    const parts = await renderEmail(createElement(DemoDecisionEmail, props));
    expect(demoDecisionSubject(props)).toBe('Night Shift <signed>');
    expect(parts.html).not.toContain('<script>');
    expect(parts.html).not.toContain('<b>Mara</b>');
    expect(parts.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; $&amp; more');
    expect(parts.html).toContain(`href="${statusUrl}"`);
    expect(parts.text).toContain('<script>alert(1)</script> & $& more');
    expect(parts.text).toContain('Hi <b>Mara</b>,');
  });

  it('the VIP welcome names the plan and says honestly that payment is pending', async () => {
    const plan = findVipPlan('annual') as VipPlan;
    const props = { label: records, name: 'Sam Rivers', email: 'sam@example.com', plan, isActive: false };
    const parts = await renderEmail(createElement(VipWelcomeEmail, props));
    expect(vipWelcomeSubject(props)).toBe('Welcome to Build It Records VIP (Annual)');
    expectInBoth(parts, 'Hi Sam Rivers,', 'Annual plan (USD 99.99 per year)', 'pending payment', 'You get this email because sam@example.com joined Build It Records VIP');
    const active = await renderEmail(createElement(VipWelcomeEmail, { ...props, isActive: true }));
    expectInBoth(active, 'Your membership is active.');
  });

  it('the staff digest lists new demos per label, with an unsubscribe link', async () => {
    const perLabel = [
      { label: deep, demos: [{ track: 'Night Shift', artists: 'Mara Q' }, { track: 'Low Tide', artists: 'Jo B' }] },
      { label: tech, demos: [{ track: 'Steel Pulse', artists: 'Kai Ro' }] },
    ];
    const props = { label: records, username: 'alice', email: 'alice@label.example', day: '21 November 2026', perLabel, inboxUrl: 'https://records.example/admin/demos', unsubscribeUrl: 'https://records.example/unsubscribe/abc' };
    const parts = await renderEmail(createElement(StaffDigestEmail, props));
    expect(staffDigestSubject(props)).toBe('3 new demos on 21 November 2026');
    expectInBoth(parts, 'Build It Deep: 2', 'Build It Tech: 1', '“Low Tide” by Jo B', 'the admin account alice asked for a daily digest');
    expect(parts.html).toContain('href="https://records.example/unsubscribe/abc"');
    expect(parts.text).toContain('https://records.example/unsubscribe/abc');
  });
  it('"Notify me" asks to confirm, then the release day says it is out, each saying why and that the address is forgotten', async () => {
    const release = { label: tech, email: 'fan@example.com', releaseTitle: 'Symbiotic (Radio Edit)', artistNames: 'Kwal and BELLO', releaseDay: '4 December 2026' };
    const confirmUrl = 'https://records.example/notify/AbCdEfGhIjKlMnOpQrStUvWx';
    const confirm = await renderEmail(createElement(ReleaseAlertConfirmEmail, { ...release, confirmUrl }));
    expect(releaseAlertConfirmSubject(release)).toBe('Confirm: email me when “Symbiotic (Radio Edit)” is out');
    expectInBoth(confirm, '“Symbiotic (Radio Edit)” by Kwal and BELLO comes out on Build It Tech on 4 December 2026.', confirmUrl);
    expectInBoth(confirm, 'ignore it: without the confirmation nothing is sent, and the address is forgotten on the release day.');
    expect(confirm.html).toContain(`href="${confirmUrl}"`);

    const releaseUrl = 'https://records.example/tech/releases/0b7c';
    const out = await renderEmail(createElement(ReleaseAlertEmail, { ...release, releaseUrl }));
    expect(releaseAlertSubject(release)).toBe('“Symbiotic (Radio Edit)” is out now');
    expectInBoth(out, '“Symbiotic (Radio Edit)” by Kwal and BELLO is out today, 4 December 2026, on Build It Tech.', releaseUrl);
    expectInBoth(out, 'You get this email because fan@example.com asked on our website to be told when this release is out, and confirmed it.');
    expect(out.html).toContain(tech.accent);
  });
});
