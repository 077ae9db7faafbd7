import { z } from 'zod';
import { emailAddress, itemResponse } from './common.js';

// The VIP waiting list while payments are off (docs/decisions/0099): a fan leaves an address, confirms it
// from the emailed link (double opt-in, as "Notify me": docs/decisions/0061), and staff send the list one
// email once payments open.

export const waitingListMessages = {
  invalidEmail: 'Please enter a valid email address',
  asked: 'Check your inbox: confirm your address there, and we email you once when payments open.',
  paymentsOpen: 'Payments are open: choose a plan to join.',
  unknownLink: 'This link is not valid, or the address was forgotten or has had its email.',
  confirmed: 'Confirmed: we email you once when payments open.',
  forgotten: 'Your address is off the waiting list: nothing more is sent to it.',
  paymentsClosed: 'Payments are not open yet: the waiting list is sent once they are.',
  nobodyLeft: 'Nobody on the waiting list is left to email: nothing was sent.',
} as const;

/** `GET /api/vip/payments`: whether VIP payments are open, which decides what the VIP page offers. */
export const vipPaymentsSchema = z.object({ open: z.boolean() });
export const vipPaymentsResponseSchema = itemResponse(vipPaymentsSchema);

export const waitingListJoinSchema = z.object({
  email: emailAddress({ required: waitingListMessages.invalidEmail, invalid: waitingListMessages.invalidEmail }),
});
export type WaitingListJoin = z.infer<typeof waitingListJoinSchema>;

/** The same answer whether the address was new, waiting or confirmed already. */
export const waitingListAskedResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** An emailed waiting-list link: the address partly hidden, and whether it is confirmed. */
export const waitingListLinkSchema = z.object({ email: z.string(), confirmed: z.boolean() });
export type WaitingListLink = z.infer<typeof waitingListLinkSchema>;
export const waitingListLinkResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: waitingListLinkSchema });

const count = z.number().int().min(0);

/** The admin's view of the waiting list: who the email would reach now, and the sends so far. */
export const adminWaitingListSchema = z.object({
  payments_open: z.boolean(),
  /** Addresses the email reaches if sent now: confirmed ones, and members pending payment who have not had it. */
  recipients: count,
  confirmed: count,
  /** Asked, not confirmed: they get nothing. */
  unconfirmed: count,
  pending_members: count,
  last_send: z.object({ sent_at: z.string(), sent_by: z.string(), recipients: count }).nullable(),
});
export type AdminWaitingList = z.infer<typeof adminWaitingListSchema>;
export const adminWaitingListResponseSchema = itemResponse(adminWaitingListSchema);
export const adminWaitingListSentResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: adminWaitingListSchema });
