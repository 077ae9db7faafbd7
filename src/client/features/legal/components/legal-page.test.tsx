import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, setupUser } from '../../../../../tests/helpers/render.js';
import { siteConfig } from '../../../../shared/site-config.js';
import { LegalPage } from './legal-page.js';

const { termsOfService } = siteConfig.legal;
const allText = (document: typeof termsOfService) => document.sections.flatMap((s) => s.paragraphs).join('\n');

describe('LegalPage', () => {
  it('opens on the Terms of Service and switches to the Privacy Policy', async () => {
    const user = setupUser();
    renderWithApp(<LegalPage />, { path: '/legal', route: '/legal' });
    const terms = screen.getByRole('tab', { name: 'Terms of Service' });
    expect(terms.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
    expect(within(panel).getByText(/We review every demo within 7 business days/)).toBeTruthy();
    expect(within(panel).getByRole('heading', { name: 'VIP membership' })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Privacy Policy' }));
    expect(screen.getByRole('tab', { name: 'Privacy Policy' }).getAttribute('aria-selected')).toBe('true');
    const privacy = screen.getByRole('tabpanel');
    expect(within(privacy).getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(within(privacy).getByRole('heading', { name: 'Stored in your browser' })).toBeTruthy();
    expect(within(privacy).getByText('vipSubscriptionStatus')).toBeTruthy();
    expect(within(privacy).queryByText(/We review every demo/)).toBeNull();
    expect(within(privacy).getByRole('link', { name: siteConfig.legal.contactEmail }).getAttribute('href')).toBe(`mailto:${siteConfig.legal.contactEmail}`);

    await user.click(screen.getByRole('tab', { name: 'Terms of Service' }));
    expect(within(screen.getByRole('tabpanel')).getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
  });

  it('opens the Privacy Policy from ?tab=privacy', () => {
    renderWithApp(<LegalPage />, { path: '/legal?tab=privacy', route: '/legal' });
    expect(screen.getByRole('tab', { name: 'Privacy Policy' }).getAttribute('aria-selected')).toBe('true');
    expect(within(screen.getByRole('tabpanel')).getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
  });
});

describe('legal texts in the site configuration', () => {
  it('state the demo terms: 7 business days, 50/50, WAV only, rights kept', () => {
    const terms = allText(termsOfService);
    expect(terms).toContain('7 business days');
    expect(terms).toContain('50/50');
    expect(terms).toContain('WAV');
    expect(terms).toContain('You keep all rights');
  });

  it('name every VIP plan at its configured price, the waiting list while payments are off, and cancel anytime', () => {
    const terms = allText(termsOfService);
    for (const plan of siteConfig.vipPlans) expect(terms).toContain(`${plan.name} at $${plan.price} per ${plan.period}`);
    // Issue 34: while payments are off the VIP page offers the waiting list, not a membership pending payment.
    expect(terms).toContain('VIP waiting list');
    expect(terms).toContain('cancel anytime');
  });
});
