import { recordActivity } from '../staff/index.js';
import { findLastStripeCheckAt, listMembersWithSubscription, recordStripeCheck, type StripeCheckTrigger } from './stripe-checks.repo.js';
import { reconcileStripeMember, type StripeEventContext } from './stripe-events.js';

// Members checked with Stripe (docs/decisions/0094): every member with a subscription is read from
// Stripe and applied as a webhook event's subscription is (stripe-events.ts), so that a lost or missed
// event is repaired. Daily, and when staff press "Check with Stripe" in admin Members.

export interface StripeCheckResult {
  checked: number;
  changed: number;
  /** Members whose subscription Stripe did not answer for: the others are checked all the same. */
  failed: number;
}

/** Subscriptions read from Stripe at once. */
const concurrency = 4;

/**
 * Checks every member with a subscription. A check whose `stopping` signal fires (the server stops)
 * reads no further member and is not recorded: the next start plans a check soon.
 */
export async function checkMembersWithStripe(
  context: StripeEventContext,
  by: { trigger: StripeCheckTrigger; actor: string | null },
  clock: () => Date,
  stopping?: AbortSignal,
): Promise<StripeCheckResult> {
  const startedAt = clock();
  const members = await listMembersWithSubscription(context.db);
  let changed = 0;
  const failed: { id: string; name: string }[] = [];
  let next = 0;
  const work = async () => {
    for (let member = members[next++]; member && !stopping?.aborted; member = members[next++]) {
      try {
        if (await reconcileStripeMember(context, member, clock())) changed += 1;
      } catch (err) {
        failed.push(member);
        context.log.warn({ err, member: member.id, subscription: member.stripeSubscriptionId }, 'stripe check: the subscription could not be read or applied');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, members.length) }, work));
  const result = { checked: members.length - failed.length, changed, failed: failed.length };
  if (stopping?.aborted) {
    context.log.info({ changed, trigger: by.trigger }, 'the check with stripe stopped with the server: not recorded');
    return result;
  }
  const finishedAt = clock();
  await context.db.transaction(async (tx) => {
    await recordStripeCheck(tx, { trigger: by.trigger, startedAt, finishedAt, ...result });
    if (result.changed > 0 || result.failed > 0) await recordActivity(tx, { kind: 'member.reconcile', actor: by.actor, summary: summaryOf(result, failed), at: finishedAt });
  });
  context.log.info({ ...result, trigger: by.trigger, failedMembers: failed.map((m) => m.id) }, 'members checked with stripe');
  return result;
}

function summaryOf({ checked, changed }: StripeCheckResult, failed: { name: string }[]): string {
  const names = failed.slice(0, 5).map((m) => m.name).join(', ') + (failed.length > 5 ? ` and ${failed.length - 5} more` : '');
  const unread = failed.length > 0 ? `; Stripe did not answer for ${failed.length} (${names}): checked again tomorrow` : '';
  return `Checked ${checked} ${checked === 1 ? 'member' : 'members'} with Stripe: ${changed} changed${unread}`;
}

export interface StripeCheckSchedule {
  /** How often (production: a day). */
  everyMs: number;
  /** One instance at a time (the `stripe` lock, never the startup one): the one that comes second finds a fresh check and makes none. */
  exclusively: <T>(work: () => Promise<T>) => Promise<T>;
}

/** A timer cannot wait longer than about 24.8 days; a longer wait is taken in steps. */
const maxTimerMs = 2_147_483_647;
/** A server without a check yet makes its first within this (a server restarted more often than daily still checks). */
const firstCheckWithinMs = 3_600_000;
/** A check the database did not let run is tried again this soon. */
const retryMs = 60_000;

/**
 * Checks the members with Stripe every `everyMs` after the last check (staff's too), as the backups are
 * scheduled (operations/backup-schedule.ts): planned from the last check in the database, run under
 * `exclusively`, skipped when another instance checked meanwhile.
 */
export function scheduleStripeChecks(context: StripeEventContext, { everyMs, exclusively }: StripeCheckSchedule, clock: () => Date): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let isStopped = false;
  const stopping = new AbortController();
  const wait = (ms: number, then: () => void) => {
    if (isStopped) return;
    timer = setTimeout(then, Math.max(0, Math.min(ms, maxTimerMs)));
    timer.unref();
  };
  const runIfDue = async (last: Date | undefined, due: Date) => {
    if (due > clock()) return;
    await exclusively(async () => {
      const latest = await findLastStripeCheckAt(context.db);
      if (latest?.getTime() !== last?.getTime()) return;
      await checkMembersWithStripe(context, { trigger: 'schedule', actor: null }, clock, stopping.signal);
    });
  };
  /** `retryAt`: when a check that failed (the database away) is tried again. */
  const plan = async (retryAt?: Date) => {
    if (isStopped) return;
    let last: Date | undefined;
    try {
      last = await findLastStripeCheckAt(context.db);
    } catch (err) {
      context.log.error({ err, retryInMs: retryMs }, 'could not plan the next check with stripe');
      return wait(retryMs, () => void plan(retryAt));
    }
    const due = retryAt ?? (last ? new Date(last.getTime() + everyMs) : new Date(clock().getTime() + Math.min(everyMs, firstCheckWithinMs)));
    wait(due.getTime() - clock().getTime(), () => {
      running = runIfDue(last, due).then(
        () => plan(),
        (err: unknown) => {
          context.log.error({ err, retryInMs: retryMs }, 'the check with stripe failed');
          return plan(new Date(clock().getTime() + retryMs));
        },
      );
    });
  };
  const started = plan();
  return {
    stop: async () => {
      isStopped = true;
      stopping.abort();
      await started;
      clearTimeout(timer);
      await running;
    },
  };
}
