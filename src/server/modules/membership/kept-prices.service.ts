import type { FastifyBaseLogger } from 'fastify';
import { findVipPlan } from '../../../shared/api/vip.js';
import type { Db } from '../../db/client.js';
import { recordActivity } from '../staff/index.js';
import type { KeptPrices } from './payment-provider.js';
import { findKeptStripePrice, keepStripePrice, markStripePriceReplaced } from './stripe-prices.repo.js';

/**
 * The prices created for plans and kept (docs/decisions/0067), as a checkout at `now` uses them. A kept
 * price Stripe refused (archived or deleted there) is marked replaced and the new one kept in the same
 * transaction, with a warning in the log and in Recent Activity from whichever checkout replaced it.
 */
export function keptPrices(db: Db, log: FastifyBaseLogger, now: Date): KeptPrices {
  return {
    find: (key) => findKeptStripePrice(db, key),
    keep: (key, stripePriceId) => keepStripePrice(db, key, stripePriceId, now),
    async replace(key, refused, newId) {
      const plan = findVipPlan(key.planId)?.name ?? key.planId;
      const { inUse, isFirst } = await db.transaction(async (tx) => {
        const marked = await markStripePriceReplaced(tx, refused.id, now);
        const kept = await keepStripePrice(tx, key, newId, now);
        if (marked) {
          await recordActivity(tx, {
            kind: 'member.plan',
            actor: null,
            summary:
              `Warning: Stripe refused the ${plan} plan's price ${refused.id} at a checkout (${refused.why} in Stripe), so a new price ${kept} was created ` +
              'and checkouts go on with it. Members already on the old price keep paying it.',
            at: now,
          });
        }
        return { inUse: kept, isFirst: marked };
      });
      if (isFirst) {
        log.warn({ plan: key.planId, refused: refused.id, why: refused.why, price: inUse }, `stripe refused the kept price of VIP plan ${key.planId} (${refused.why} in Stripe): a new price was created and kept in its place`);
      }
      return inUse;
    },
  };
}
