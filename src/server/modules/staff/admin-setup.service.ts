import type { AdminSetup } from '../../../shared/api/admin-overview.js';
import { defaultSiteSettings } from '../../../shared/api/settings.js';
import { currentSiteSettings } from '../../../shared/site-settings.js';
import type { Db } from '../../db/client.js';
import { countSetup, type SetupCounts } from './admin-overview.repo.js';

// The admin Overview's checklist from a fresh install to a live site (docs/decisions/0099): every step
// is read from the real state when asked, never stored as a flag.

/** What the checklist asks of the server's configuration and of the contexts the staff context does not import (app.ts gathers it). */
export interface SetupFacts {
  /** PUBLIC_URL. */
  publicUrl?: string;
  /** SMTP_URL is set: the outbox sends. */
  canSendEmail: boolean;
  /** Stripe connected (STRIPE_SECRET_KEY), and where its webhook's secret comes from (docs/decisions/0094). */
  payments: () => Promise<PaymentsFacts>;
}

interface PaymentsFacts {
  connected: boolean;
  webhook: { source: 'environment' | 'site' | 'none' };
}

const count = (n: number) => new Intl.NumberFormat('en-US').format(n);
const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;
const day = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

type Step = AdminSetup['steps'][number];

function mediaStep(c: SetupCounts): Step {
  if (c.ownReleases === 0) return { id: 'media', done: false, detail: 'No releases of your own yet.' };
  const detail = `${count(c.ownReleasesWithArtwork)} of ${plural(c.ownReleases, 'release')} have artwork; ${count(c.ownTracksWithAudio)} of ${plural(c.ownTracks, 'track')} have audio.`;
  return { id: 'media', done: c.ownReleasesWithArtwork === c.ownReleases && c.ownTracksWithAudio === c.ownTracks, detail };
}

function emailStep(c: SetupCounts, canSend: boolean): Step {
  if (!canSend) return { id: 'email', done: false, detail: 'SMTP_URL is not set: emails wait in the outbox, unsent.' };
  if (!c.lastMail) return { id: 'email', done: true, detail: 'SMTP_URL is set; no email has been sent yet.' };
  if (c.lastMail.status === 'sent') return { id: 'email', done: true, detail: `SMTP_URL is set; the last email went out ${day(new Date(c.lastMail.at).toISOString())}.` };
  return { id: 'email', done: false, detail: `SMTP_URL is set, but the last email failed: ${c.lastMail.error ?? 'no reason given'}.` };
}

function paymentsStep(payments: PaymentsFacts, publicUrl: string | undefined): Step {
  if (!payments.connected) return { id: 'payments', done: false, detail: 'STRIPE_SECRET_KEY is not set: nobody can pay for VIP.' };
  if (payments.webhook.source === 'none') {
    const why = publicUrl ? 'the site has not set it up yet (see the server log)' : 'the site sets it up once PUBLIC_URL is set, or set STRIPE_WEBHOOK_SECRET';
    return { id: 'payments', done: false, detail: `Stripe is connected, but its webhook is not: ${why}.` };
  }
  const from = payments.webhook.source === 'site' ? 'set up by the site' : 'verified with STRIPE_WEBHOOK_SECRET';
  return { id: 'payments', done: true, detail: `Stripe is connected and its webhook is ${from}.` };
}

/**
 * Done while the settings in force are not site-config.ts's defaults (the example labels' names, texts,
 * addresses and prices): an owner saved a change in Site and it stands. A site whose changes were all
 * reverted shows the defaults again: not done (docs/decisions/0099).
 */
function settingsStep(c: SetupCounts): Step {
  if (!c.lastSettingsChange) return { id: 'settings', done: false, detail: 'Nothing saved in Site yet: the site shows the example names, texts, addresses and prices it came with.' };
  if (JSON.stringify(currentSiteSettings()) === JSON.stringify(defaultSiteSettings))
    return { id: 'settings', done: false, detail: `The site shows the example settings it came with again: its ${plural(c.settingsChanges, 'change')} were all undone.` };
  const by = c.lastSettingsChange.by ?? "the server's shell";
  return { id: 'settings', done: true, detail: `${plural(c.settingsChanges, 'change')} saved in Site, the last ${day(c.lastSettingsChange.at)} by ${by}.` };
}

/** What fans see differently while a setting is missing; only what the code does (docs/decisions/0099). */
const noticeTexts = {
  public_url:
    'Links in emails point at the address the server listens on, which fans may not reach; page links and share cards use the address each visitor typed.',
  email: 'No demo receipts, VIP welcomes, sign-in links or "Notify me" confirmations reach anyone: they wait in the outbox and go once email is connected.',
  payments: 'The VIP page shows no prices to pay: it says payments are not open and offers the waiting list instead.',
  settings: "Pages, emails and share cards show the example labels' names, texts, privacy contact and VIP prices the site came with.",
} as const;

export async function getSetupChecklist(db: Db, facts: SetupFacts): Promise<AdminSetup> {
  const [c, payments] = await Promise.all([countSetup(db), facts.payments()]);
  const settings = settingsStep(c);
  const steps: Step[] = [
    facts.publicUrl
      ? { id: 'public_url', done: true, detail: `PUBLIC_URL is ${facts.publicUrl}.` }
      : { id: 'public_url', done: false, detail: 'PUBLIC_URL is not set.' },
    c.ownReleases > 0
      ? { id: 'catalog', done: true, detail: `${plural(c.ownReleases, 'release')} of your own${c.lastCatalogImport ? `; the last catalog import finished ${day(c.lastCatalogImport)}` : ''}.` }
      : { id: 'catalog', done: false, detail: 'No releases of your own yet.' },
    c.demoReleases > 0
      ? { id: 'demo_catalog', done: false, detail: `The fictional demo catalog (${plural(c.demoReleases, 'release')}) is still on the site.` }
      : { id: 'demo_catalog', done: true, detail: 'The demo catalog is gone.' },
    mediaStep(c),
    emailStep(c, facts.canSendEmail),
    paymentsStep(payments, facts.publicUrl),
    settings,
  ];
  const missing: (keyof typeof noticeTexts)[] = [
    ...(facts.publicUrl ? [] : (['public_url'] as const)),
    ...(facts.canSendEmail ? [] : (['email'] as const)),
    ...(payments.connected ? [] : (['payments'] as const)),
    ...(settings.done ? [] : (['settings'] as const)),
  ];
  return { steps, notices: missing.map((step) => ({ step, text: noticeTexts[step] })) };
}
