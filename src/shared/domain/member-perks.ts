// What a member's perks say outside the VIP contract's schemas, so that the catalog's pages, which
// show the perks (docs/decisions/0066), carry no zod (docs/decisions/0023).

/** The 403 of the lists for a signed-in member who is not active, by status: why, and the way back. */
export const memberPerksUnavailableMessages = {
  pending_payment: 'Your membership starts once your first payment has gone through.',
  past_due: 'Your last payment failed: update your card in billing to get your downloads and early access back.',
  paused: 'Your membership is paused: resume it in billing to get your downloads and early access back.',
  canceled: 'Your membership has ended: join VIP again to get your downloads and early access back.',
} as const;
