import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp, setupUser } from '../../../../../tests/helpers/render.js';
import { memberPerksUnavailableMessages } from '../../../../shared/domain/member-perks.js';
import { JoinVipDialog, type LapsedStatus } from './join-vip-dialog.js';

function Where() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

function Prompt({ perk, status }: { perk: 'download' | 'early'; status?: LapsedStatus }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Where />
      <JoinVipDialog open={open} onClose={() => setOpen(false)} perk={perk} status={status} />
    </>
  );
}

describe('JoinVipDialog (docs/decisions/0066)', () => {
  it('says why for a download, and Join VIP goes to the plans', async () => {
    const user = setupUser();
    renderWithApp(<Prompt perk="download" />, { path: '/records/releases' });
    const dialog = screen.getByRole('dialog', { name: 'For VIP members' });
    expect(within(dialog).getByText('Downloads are for active VIP members. Join VIP to download this track as the label uploaded it, or sign in if you are a member.')).toBeTruthy();
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Not now']);
    expect(within(dialog).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/vip/account');
    await user.click(within(dialog).getByRole('link', { name: 'Join VIP' }));
    // The open dialog hides the rest of the page from assistive technology, the location included.
    expect(screen.getByRole('status', { name: 'location', hidden: true }).textContent).toBe('/vip');
  });

  it('says why for early listening; Not now closes it where the visitor was', async () => {
    const user = setupUser();
    renderWithApp(<Prompt perk="early" />, { path: '/records/releases' });
    expect(screen.getByText('VIP members listen to upcoming releases before they come out. Join VIP to listen early, or sign in if you are a member.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/records/releases');
  });

  it("tells a signed-in member whose membership is paused why, and leads to their page rather than to joining (issue 33)", async () => {
    const user = setupUser();
    renderWithApp(<Prompt perk="download" status="paused" />, { path: '/records/releases' });
    const dialog = screen.getByRole('dialog', { name: 'For VIP members' });
    expect(within(dialog).getByText(memberPerksUnavailableMessages.paused)).toBeTruthy();
    expect(within(dialog).getAllByRole('link').map((link) => link.textContent)).toEqual(['Your account']);
    await user.click(within(dialog).getByRole('link', { name: 'Your account' }));
    expect(screen.getByRole('status', { name: 'location', hidden: true }).textContent).toBe('/vip/account');
  });

  it('closes on Escape', async () => {
    const user = setupUser();
    renderWithApp(<Prompt perk="early" />);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
