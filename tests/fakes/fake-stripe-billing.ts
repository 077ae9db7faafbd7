// The fake Stripe's subscriptions and invoices (tests/fakes/fake-stripe.ts), living as Stripe documents
// them for API 2026-10-28.endive: a Checkout subscription is born `incomplete`, its first invoice is
// paid and it is updated to `active` within the same second; a renewal moves the period on its item
// whether or not it is paid (past due when not); a Billing Portal plan switch changes the item's price
// (a switch of interval starts a new period at once) and invoices the difference; a pause makes it
// `paused` until it is resumed; an end makes it `canceled`. Each change answers the events Stripe sends
// for it, in Stripe's order, not delivered: each holds a copy of the object as it was then.

export type Json = Record<string, unknown>;

export interface FakeBillingPrice {
  /** Null for a price given inline (`price_data`), which Stripe still gives an id of its own. */
  id: string | null;
  unit_amount: number;
  currency: string;
  recurring: { interval: 'month' | 'year' };
  product?: string;
}

export interface FakeEventOptions {
  created?: number;
  /** What changed, as Stripe's `data.previous_attributes`. */
  previous?: Json;
}

export interface FakeBillingContext<Event> {
  nextId(prefix: string): string;
  event(type: string, object: Json, options?: FakeEventOptions): Event;
  /** The fake's clock (seconds), one second on at each call. */
  tick(): number;
  origin(): string;
}

export interface FakeInvoiceOptions {
  paid: boolean;
  periodStart: number;
  periodEnd: number;
  reason?: string;
  /** Minor units; the subscription's price unless told. */
  amount?: number;
}

const day = 24 * 60 * 60;
const copy = <T>(value: T): T => structuredClone(value);
const periodAfter = (start: number, interval: 'month' | 'year') => start + (interval === 'year' ? 365 : 30) * day;

interface Item extends Json {
  id: string;
  current_period_start: number;
  current_period_end: number;
  price: Json & { id: string; unit_amount: number; currency: string; recurring: { interval: 'month' | 'year' } };
}

export function createFakeBilling<Event>(context: FakeBillingContext<Event>) {
  const { nextId, event } = context;
  const subscriptions = new Map<string, Json>();
  /** Every invoice, newest first. */
  const invoices: Json[] = [];

  const itemOf = (subscription: Json) => (subscription.items as { data: Item[] }).data[0] as Item;
  function find(id: string): Json {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`The fake Stripe has no subscription ${id}`);
    return subscription;
  }
  const at = (time: number | undefined) => time ?? context.tick();
  const updated = (subscription: Json, created: number, previous: Json) => event('customer.subscription.updated', copy(subscription), { created, previous });

  /** An invoice of a subscription's period (or of no subscription: a one-off), kept for the customer's list. */
  function invoice(subscription: Json | null, options: FakeInvoiceOptions & { customer?: string; currency?: string }): Json {
    const item = subscription ? itemOf(subscription) : undefined;
    const amount = options.amount ?? item?.price.unit_amount ?? 0;
    const id = nextId('in');
    const created: Json = {
      id,
      object: 'invoice',
      number: `FAKE-${id.slice(-4)}`,
      customer: subscription?.customer ?? options.customer,
      currency: item?.price.currency ?? options.currency ?? 'usd',
      amount_due: amount,
      amount_paid: options.paid ? amount : 0,
      status: options.paid ? 'paid' : 'open',
      billing_reason: options.reason ?? (subscription ? 'subscription_cycle' : 'manual'),
      created: options.periodStart,
      hosted_invoice_url: `${context.origin()}/invoice/${id}`,
      parent: subscription ? { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: subscription.metadata } } : null,
      lines: { object: 'list', data: [{ id: nextId('il'), amount, period: { start: options.periodStart, end: options.periodEnd } }] },
    };
    invoices.unshift(created);
    return created;
  }

  return {
    subscriptions,
    invoices,
    invoice,
    find,
    /** A customer's invoices, newest first. */
    invoicesOf: (customer: string) => invoices.filter((i) => i.customer === customer),
    /** The subscription as `GET /v1/subscriptions/{id}` answers it, its latest invoice expanded when asked. */
    retrieve(id: string, expand: string[]): Json | undefined {
      const subscription = subscriptions.get(id);
      if (!subscription) return undefined;
      const answer = copy(subscription);
      if (expand.includes('latest_invoice')) answer.latest_invoice = invoices.find((i) => i.id === subscription.latest_invoice) ?? null;
      return answer;
    },

    /** Paying on Checkout: born incomplete, its first invoice paid, updated to active, all in the second `time`. */
    subscribe(customer: string, price: FakeBillingPrice, metadata: Record<string, string>, time: number) {
      const id = nextId('sub');
      const priceId = price.id ?? nextId('price');
      const subscription: Json = {
        id,
        object: 'subscription',
        customer,
        status: 'incomplete',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        pause_collection: null,
        created: time,
        start_date: time,
        livemode: false,
        metadata: { ...metadata },
        latest_invoice: null,
        items: {
          object: 'list',
          data: [
            {
              id: nextId('si'),
              object: 'subscription_item',
              quantity: 1,
              current_period_start: time,
              current_period_end: periodAfter(time, price.recurring.interval),
              price: { id: priceId, object: 'price', unit_amount: price.unit_amount, currency: price.currency, recurring: price.recurring, product: price.product ?? null },
            },
          ],
        },
      };
      subscriptions.set(id, subscription);
      const first = invoice(subscription, { paid: true, periodStart: time, periodEnd: itemOf(subscription).current_period_end, reason: 'subscription_create' });
      subscription.latest_invoice = first.id;
      const created = event('customer.subscription.created', copy(subscription), { created: time });
      const paid = event('invoice.paid', copy(first), { created: time });
      subscription.status = 'active';
      return { subscription, invoice: first, events: [created, paid, updated(subscription, time, { status: 'incomplete' })] };
    },

    /** The period ends: the next one starts, paid (active) or not (past due, Stripe retrying). */
    renew(id: string, options: { paid: boolean; at?: number }) {
      const subscription = find(id);
      const item = itemOf(subscription);
      const previous = { items: copy(subscription.items), status: subscription.status, latest_invoice: subscription.latest_invoice };
      const start = item.current_period_end;
      const time = options.at ?? start;
      item.current_period_start = start;
      item.current_period_end = periodAfter(start, item.price.recurring.interval);
      const next = invoice(subscription, { paid: options.paid, periodStart: start, periodEnd: item.current_period_end });
      subscription.latest_invoice = next.id;
      subscription.status = options.paid ? 'active' : 'past_due';
      return { invoice: next, events: [event(options.paid ? 'invoice.paid' : 'invoice.payment_failed', copy(next), { created: time }), updated(subscription, time, previous)] };
    },

    /** An open invoice paid (a retry, or a new card): its subscription active again. */
    payInvoice(invoiceId: string, time?: number) {
      const open = invoices.find((i) => i.id === invoiceId);
      if (!open) throw new Error(`The fake Stripe has no invoice ${invoiceId}`);
      Object.assign(open, { status: 'paid', amount_paid: open.amount_due });
      const created = at(time);
      const events = [event('invoice.paid', copy(open), { created })];
      const subscriptionId = (open.parent as { subscription_details?: { subscription?: string } } | null)?.subscription_details?.subscription;
      const subscription = subscriptionId ? subscriptions.get(subscriptionId) : undefined;
      if (subscription && subscription.latest_invoice === open.id && (subscription.status === 'past_due' || subscription.status === 'unpaid')) {
        const previous = { status: subscription.status };
        subscription.status = 'active';
        events.push(updated(subscription, created, previous));
      }
      return { events };
    },

    /** Any other change of the subscription's own fields (a status Stripe reached by itself, a cancellation at the period's end). */
    update(id: string, change: Json, time?: number) {
      const subscription = find(id);
      const previous = Object.fromEntries(Object.keys(change).map((key) => [key, subscription[key]]));
      Object.assign(subscription, change);
      return { events: [updated(subscription, at(time), previous)] };
    },

    /**
     * The Billing Portal's plan switch: the item's price changes and the difference is invoiced now; a
     * switch of interval starts the new period at once (Stripe resets the billing cycle).
     */
    switchPrice(id: string, price: FakeBillingPrice & { id: string }, time?: number) {
      const subscription = find(id);
      const item = itemOf(subscription);
      const created = at(time);
      const previous = { items: copy(subscription.items) };
      const isNewInterval = item.price.recurring.interval !== price.recurring.interval;
      item.price = { id: price.id, object: 'price', unit_amount: price.unit_amount, currency: price.currency, recurring: price.recurring, product: price.product ?? null };
      if (isNewInterval) {
        item.current_period_start = created;
        item.current_period_end = periodAfter(created, price.recurring.interval);
      }
      // The proration's line covers the rest of the period, not a period of the plan.
      const difference = invoice(subscription, { paid: true, periodStart: created, periodEnd: item.current_period_end, reason: 'subscription_update', amount: Math.max(0, price.unit_amount - 100) });
      subscription.latest_invoice = difference.id;
      return { events: [updated(subscription, created, previous), event('invoice.paid', copy(difference), { created })] };
    },

    /** Paused (the endive API's pause, or the Billing Portal's): no invoices, no new periods, until resumed. */
    pause(id: string, time?: number) {
      const subscription = find(id);
      const created = at(time);
      const previous = { status: subscription.status };
      subscription.status = 'paused';
      return { events: [event('customer.subscription.paused', copy(subscription), { created }), updated(subscription, created, previous)] };
    },

    /** Resumed: a new period from now, invoiced and paid, and active again. */
    resume(id: string, time?: number) {
      const subscription = find(id);
      const item = itemOf(subscription);
      const created = at(time);
      const previous = { status: subscription.status, items: copy(subscription.items) };
      item.current_period_start = created;
      item.current_period_end = periodAfter(created, item.price.recurring.interval);
      const resumption = invoice(subscription, { paid: true, periodStart: created, periodEnd: item.current_period_end, reason: 'subscription_cycle' });
      subscription.latest_invoice = resumption.id;
      subscription.status = 'active';
      return {
        events: [event('customer.subscription.resumed', copy(subscription), { created }), event('invoice.paid', copy(resumption), { created }), updated(subscription, created, previous)],
      };
    },

    /** Ended, now or at the end of a cancelled period: `canceled` for good. */
    end(id: string, time?: number) {
      const subscription = find(id);
      const created = at(time);
      Object.assign(subscription, { status: 'canceled', ended_at: created, canceled_at: subscription.canceled_at ?? created });
      return { events: [event('customer.subscription.deleted', copy(subscription), { created })] };
    },

    /** An invoice of the customer's that belongs to no subscription (a one-off charge), paid. */
    oneOffInvoice(customer: string, options: { amount: number; currency?: string; at?: number }) {
      const created = at(options.at);
      const charged = invoice(null, { customer, paid: true, periodStart: created, periodEnd: created, amount: options.amount, currency: options.currency });
      return { invoice: charged, events: [event('invoice.paid', copy(charged), { created })] };
    },
  };
}

