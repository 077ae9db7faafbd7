import type { VipMemberStatus, VipPlanId } from '../../../shared/api/vip.js';

/** The seam where a payment service plugs in (docs/product.md §10.7). */
export interface PaymentProvider {
  /** Starts or changes a member's subscription; answers the membership's status afterwards. */
  subscribe(member: { name: string; email: string; plan: VipPlanId }): Promise<VipMemberStatus>;
}

/** No payment service yet: every member waits in `pending_payment`, and the answer says so. */
export const noPaymentProvider: PaymentProvider = {
  subscribe: async () => 'pending_payment',
};
